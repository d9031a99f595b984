use jetwire::FromJson;

#[derive(FromJson)]
struct S {
    #[jetwire(renam = "b")]
    a: u8,
}

fn main() {}
