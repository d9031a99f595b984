use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(content = "c")]
enum E {
    A(u8),
}

fn main() {}
