use jetwire::ToJson;

mod m {}

#[derive(ToJson)]
struct S {
    #[jetwire(base64, with = "m")]
    data: Vec<u8>,
}

fn main() {}
