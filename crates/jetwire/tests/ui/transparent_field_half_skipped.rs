use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(transparent)]
struct S {
    #[jetwire(skip_serializing)]
    a: u8,
}

fn main() {}
