use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(tag = "t")]
#[jetwire(tag = "u")]
struct S {
    #[jetwire(rename = "x", rename = "y")]
    a: u8,
}

fn main() {}
