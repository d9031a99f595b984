use jetwire::FromJson;

#[derive(FromJson)]
struct S {
    #[jetwire(rename = "id")]
    a: u8,
    #[jetwire(alias = "id")]
    b: u8,
}

fn main() {}
