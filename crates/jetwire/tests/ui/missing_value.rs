use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(tag)]
struct S {
    #[jetwire(rename)]
    a: u8,
}

fn main() {}
