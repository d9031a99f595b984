use jetwire::ToJson;

#[derive(ToJson)]
enum E {
    #[jetwire(flatten)]
    A,
}

fn main() {}
