use jetwire::ToJson;

#[derive(ToJson)]
#[jetwire(bound = "T:: +")]
struct S<T> {
    #[jetwire(bound(serialize = "T: Clone"))]
    a: T,
}

fn main() {}
