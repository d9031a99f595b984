use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(transparent, deny_unknown_fields)]
struct S {
    a: u8,
}

fn main() {}
