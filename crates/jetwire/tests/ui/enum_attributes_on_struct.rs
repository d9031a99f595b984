use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(untagged)]
struct S {
    a: u8,
}

#[derive(ToJson)]
#[jetwire(tag = "t", content = "c")]
struct T {
    a: u8,
}

fn main() {}
