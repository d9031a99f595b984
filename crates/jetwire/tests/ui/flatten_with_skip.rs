use jetwire::ToJson;

#[derive(ToJson)]
struct S {
    #[jetwire(flatten, skip)]
    inner: Inner,
}

#[derive(ToJson)]
struct Inner {
    a: u8,
}

fn main() {}
