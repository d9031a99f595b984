use jetwire::FromJson;

#[derive(FromJson)]
enum E {
    #[jetwire(rename = "b")]
    A,
    B,
    #[jetwire(alias = "b")]
    C,
}

fn main() {}
