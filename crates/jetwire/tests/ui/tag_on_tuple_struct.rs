use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(tag = "type")]
struct Pair(u8, u8);

fn main() {}
