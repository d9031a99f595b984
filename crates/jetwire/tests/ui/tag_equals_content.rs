use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(tag = "t", content = "t")]
enum E {
    A(u8),
}

fn main() {}
