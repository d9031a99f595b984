use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire = "camelCase"]
struct S {
    #[jetwire]
    a: u8,
}

fn main() {}
