use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(tag = "type")]
enum E {
    A {
        #[jetwire(rename = "type")]
        kind: u8,
    },
}

fn main() {}
