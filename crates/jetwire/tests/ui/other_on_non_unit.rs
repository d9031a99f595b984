use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(tag = "t")]
enum E {
    A,
    #[jetwire(other)]
    Unknown { raw: String },
}

fn main() {}
