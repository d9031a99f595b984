use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(rename_all = "camelcase")]
struct S {
    a_b: u8,
}

fn main() {}
