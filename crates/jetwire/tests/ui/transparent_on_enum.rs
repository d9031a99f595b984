use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(transparent)]
enum E {
    A(u8),
}

fn main() {}
