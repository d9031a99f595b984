use jetwire::FromJson;

#[derive(FromJson)]
#[jetwire(rename_all = "nope", content = "c", unknown)]
enum E {
    #[jetwire(other)]
    A(u8),
    B {
        #[jetwire(flatten, skip_deserializing)]
        inner: u8,
        #[jetwire(borrow)]
        name: String,
    },
}

fn main() {}
