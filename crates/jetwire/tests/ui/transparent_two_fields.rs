use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(transparent)]
struct S {
    a: u8,
    b: u8,
}

fn main() {}
