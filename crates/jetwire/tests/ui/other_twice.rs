use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(tag = "t")]
enum E {
    #[jetwire(other)]
    A,
    #[jetwire(other)]
    B,
}

fn main() {}
