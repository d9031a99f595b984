use jetwire::ToJson;

#[derive(ToJson)]
struct S {
    #[jetwire(flatten, rename = "x", default)]
    inner: Inner,
}

#[derive(ToJson)]
struct Inner {
    a: u8,
}

fn main() {}
