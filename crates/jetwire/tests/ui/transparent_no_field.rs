use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(transparent)]
struct S {
    #[jetwire(skip)]
    a: u8,
}

fn main() {}
