//! Columns of strings by type (borrowed, owned, `Cow`, boxed), and through pointers.

use super::*;

/// "A **string column** (`String`, `str`, ...)": the field's type decides, however it is
/// spelled (a path, a generic parameter, a tuple struct's field, `&Path`), and a slice `[T]` of
/// a columnar struct is in columns like a `Vec`.
#[test]
fn string_columns_follow_the_type_not_its_spelling() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct Qualified {
        s: std::string::String,
        n: u8,
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct Generic<T> {
        s: T,
        n: u8,
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct Tuple(String, u8);
    /// Write-only: `&Path` does not implement `FromBinary`.
    #[derive(ToBinary)]
    #[jetwire(columnar)]
    struct Paths<'a> {
        s: &'a std::path::Path,
        n: u8,
    }

    let rows: [(&str, u8); 3] = [("ab", 1), ("c", 2), ("", 3)];
    let expected = Spec::bytes(|s| {
        s.columns(&rows, &[Column::Str(|r: &(&str, u8)| r.0), Column::Values(|s, r| s.u8(r.1))])
    });
    assert_eq!(hex(&expected), "03 02 01 00 61 62 63 01 02 03");

    let qualified: Vec<Qualified> = rows.iter().map(|&(s, n)| Qualified { s: s.into(), n }).collect();
    assert_eq!(binary::to_vec(&qualified).unwrap(), expected);
    assert_eq!(binary::from_slice::<Vec<Qualified>>(&expected).unwrap(), qualified);
    let generic: Vec<Generic<String>> = rows.iter().map(|&(s, n)| Generic { s: s.into(), n }).collect();
    assert_eq!(binary::to_vec(&generic).unwrap(), expected);
    assert_eq!(binary::from_slice::<Vec<Generic<String>>>(&expected).unwrap(), generic);
    let tuple: Vec<Tuple> = rows.iter().map(|&(s, n)| Tuple(s.into(), n)).collect();
    assert_eq!(binary::to_vec(&tuple).unwrap(), expected);
    assert_eq!(binary::from_slice::<Vec<Tuple>>(&expected).unwrap(), tuple);
    let paths: Vec<Paths> = rows.iter().map(|&(s, n)| Paths { s: s.as_ref(), n }).collect();
    assert_eq!(binary::to_vec(&paths).unwrap(), expected);

    // "`Vec<T>`, `[T]`, `VecDeque<T>`, `Box<[T]>`".
    let parts: Vec<Part> = rows.iter().map(|&(s, n)| Part { id: n.into(), name: s.into() }).collect();
    let expected = Spec::bytes(|s| Part::columns(s, &parts));
    assert_eq!(binary::to_vec(parts.as_slice()).unwrap(), expected);
}

/// Columnar structs whose string fields are `Box<String>`, `Rc<String>` or `Arc<String>`:
/// "pointers to" a `String`, so string columns ("Column layout": "A **string column** (`String`,
/// `str`, `Box<str>`, `Cow<str>`, `PathBuf` and `Path`, and pointers to them) is every string's
/// length as a varint, then every string's bytes").
///
/// Two elements are the smallest case where the column and the rows differ: read as rows, the
/// bytes `02  02 00  01 00  07 08` would give the strings `"\0\u{1}"` and `""`, with no error.
#[test]
fn pointer_string_columns_read_back() {
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct InBox {
        #[allow(clippy::box_collection, reason = "a pointer to a `String` is what is tested")]
        s: Box<String>,
        n: u8,
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct InRc {
        s: Rc<String>,
        n: u8,
    }
    #[derive(ToBinary, FromBinary, Debug, PartialEq)]
    #[jetwire(columnar)]
    struct InArc {
        s: Arc<String>,
        n: u8,
    }

    let rows: [(&str, u8); 2] = [("\u{1}\u{0}", 7), ("", 8)];
    let expected = Spec::bytes(|s| {
        s.columns(&rows, &[Column::Str(|r: &(&str, u8)| r.0), Column::Values(|s, r| s.u8(r.1))])
    });
    assert_eq!(hex(&expected), "02 02 00 01 00 07 08");

    let boxed: Vec<InBox> = rows.iter().map(|&(s, n)| InBox { s: Box::new(s.into()), n }).collect();
    let rc: Vec<InRc> = rows.iter().map(|&(s, n)| InRc { s: Rc::new(s.into()), n }).collect();
    let arc: Vec<InArc> = rows.iter().map(|&(s, n)| InArc { s: Arc::new(s.into()), n }).collect();
    // Writing agrees with the spec, and so does reading.
    assert_eq!(binary::to_vec(&boxed).unwrap(), expected, "Box<String>");
    assert_eq!(binary::to_vec(&rc).unwrap(), expected, "Rc<String>");
    assert_eq!(binary::to_vec(&arc).unwrap(), expected, "Arc<String>");
    assert_eq!(binary::from_slice::<Vec<InBox>>(&expected).unwrap(), boxed, "Box<String>");
    assert_eq!(binary::from_slice::<Vec<InRc>>(&expected).unwrap(), rc, "Rc<String>");
    assert_eq!(binary::from_slice::<Vec<InArc>>(&expected).unwrap(), arc, "Arc<String>");
}
