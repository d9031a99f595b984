use jetwire::{FromBinary, ToBinary};

#[derive(ToBinary, FromBinary)]
#[jetwire(versioned, plain)]
enum E {
    A,
}

#[derive(ToBinary)]
#[jetwire(plain, versioned)]
struct S {
    #[jetwire(skip)]
    a: u8,
    #[jetwire(with = "m")]
    b: u8,
}

#[derive(ToBinary)]
#[jetwire(plain)]
struct NoFields;

fn main() {}
