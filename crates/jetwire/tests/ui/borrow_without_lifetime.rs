use jetwire::FromJson;

#[derive(FromJson)]
struct S {
    #[jetwire(borrow)]
    name: String,
}

fn main() {}
