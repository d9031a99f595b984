use jetwire::FromJson;

#[derive(FromJson)]
struct S {
    #[jetwire(rename = 1)]
    a: u8,
    #[jetwire(alias = b)]
    b: u8,
}

fn main() {}
