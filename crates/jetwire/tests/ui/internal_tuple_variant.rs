use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(tag = "t")]
enum E {
    Fine { a: u8 },
    Pair(u8, u8),
}

fn main() {}
