use jetwire::ToJson;

#[derive(ToJson)]
struct S(#[jetwire(flatten)] Inner, u8);

#[derive(ToJson)]
struct Inner {
    a: u8,
}

fn main() {}
