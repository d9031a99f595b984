use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(untagged)]
enum E {
    A(u8),
    #[jetwire(other)]
    B,
}

fn main() {}
