use jetwire::ToJson;

#[derive(ToJson)]
union U {
    a: u8,
    b: u16,
}

fn main() {}
