use jetwire::FromJson;

#[derive(FromJson)]
struct S<'de> {
    name: &'de str,
}

fn main() {}
