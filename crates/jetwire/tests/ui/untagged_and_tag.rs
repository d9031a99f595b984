use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(tag = "t", untagged)]
enum E {
    A { a: u8 },
}

fn main() {}
