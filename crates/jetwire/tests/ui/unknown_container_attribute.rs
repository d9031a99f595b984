use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(rename_al = "camelCase")]
struct S {
    a: u8,
}

fn main() {}
