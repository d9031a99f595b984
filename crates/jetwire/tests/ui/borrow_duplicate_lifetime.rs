use jetwire::FromJson;

#[derive(FromJson)]
struct S<'a> {
    #[jetwire(borrow = "'a + 'a")]
    name: &'a str,
}

fn main() {}
