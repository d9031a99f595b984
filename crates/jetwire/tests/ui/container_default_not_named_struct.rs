use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(default)]
struct Pair(u8, u8);

#[derive(FromJson)]
#[jetwire(default)]
enum E {
    A,
}

fn main() {}
