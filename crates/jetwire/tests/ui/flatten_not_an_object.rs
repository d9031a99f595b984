use jetwire::ToJson;

#[derive(ToJson)]
struct S {
    #[jetwire(flatten)]
    count: u8,
}

fn main() {}
