use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(crate = "::not a path")]
struct S {
    #[jetwire(with = "1m")]
    a: u8,
    #[jetwire(default = "")]
    b: u8,
}

fn main() {}
