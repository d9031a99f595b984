use jetwire::{FromJson, ToJson};

#[derive(ToJson, FromJson)]
struct Inner {
    a: u8,
}

#[derive(ToJson, FromJson)]
struct Flattened {
    #[jetwire(complete, flatten)]
    inner: Inner,
}

#[derive(ToJson, FromJson)]
struct Skipped {
    #[jetwire(complete, skip)]
    a: u8,
}

#[derive(ToJson, FromJson)]
struct Tuple(#[jetwire(complete)] Option<u8>);

fn main() {}
