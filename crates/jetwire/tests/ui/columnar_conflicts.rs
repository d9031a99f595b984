use jetwire::{FromBinary, ToBinary};

#[derive(ToBinary, FromBinary)]
#[jetwire(columnar)]
enum Enum {
    A,
}

#[derive(ToBinary)]
#[jetwire(columnar, versioned)]
struct Versioned {
    a: u8,
}

#[derive(ToBinary)]
#[jetwire(columnar, plain)]
struct Plain {
    a: u8,
}

#[derive(ToBinary)]
#[jetwire(columnar)]
struct NoFields;

fn main() {}
