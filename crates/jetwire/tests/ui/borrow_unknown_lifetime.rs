use jetwire::FromJson;

#[derive(FromJson)]
struct S<'a, 'b> {
    #[jetwire(borrow = "'b")]
    name: &'a str,
    other: &'b str,
}

fn main() {}
