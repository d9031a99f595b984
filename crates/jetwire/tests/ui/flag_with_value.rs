use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(deny_unknown_fields = true)]
struct S {
    #[jetwire(skip = "yes")]
    a: u8,
}

fn main() {}
