use jetwire::ToJson;

#[derive(ToJson)]
struct Pair(#[jetwire(skip_serializing_if = "Option::is_none")] Option<u8>, u8);

fn main() {}
