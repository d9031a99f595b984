//! Typed-read errors for a derived `Order`: message, path, offset, line, column and category
//! of each kind of bad input; and every JSONTestSuite `n_` document refused without a panic.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use jetwire::json::{self, Category, Error};
use jetwire::{FromJson, ToJson};

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(deny_unknown_fields)]
struct Order {
    id: u64,
    customer: Customer,
    lines: Vec<Line>,
    status: Status,
    note: Option<String>,
    discount: Option<f64>,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(deny_unknown_fields)]
struct Customer {
    name: String,
    email: Option<String>,
    address: Address,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(deny_unknown_fields)]
struct Address {
    street: String,
    zip: u32,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
#[jetwire(deny_unknown_fields)]
struct Line {
    sku: String,
    qty: u16,
    price: f64,
}

#[derive(ToJson, FromJson, Debug, PartialEq)]
enum Status {
    Pending,
    Shipped { tracking: String },
    Cancelled(String),
}

const CUSTOMER: &str = r#""customer":{"name":"Ann","address":{"street":"Main","zip":12345}}"#;
const LINES: &str = r#""lines":[{"sku":"a","qty":1,"price":1.5},{"sku":"b","qty":2,"price":2},{"sku":"c","qty":3,"price":3},{"sku":"d","qty":4,"price":4.25}]"#;

/// A valid order with `status` and anything `extra` spliced in before the closing brace.
fn order(status: &str, extra: &str) -> String {
    format!(r#"{{"id":7,{CUSTOMER},{LINES},"status":{status}{extra}}}"#)
}

/// The expected error: message, path, (offset, line, column), category.
struct Expected {
    message: &'static str,
    path: &'static str,
    at: (usize, usize, usize),
    category: Category,
}

/// Compares everything an error tells against `expected`, `Display` included.
fn compare(err: &Error, expected: &Expected) -> Result<(), String> {
    let Expected { message, path, at: (offset, line, column), category } = *expected;
    let place = if path.is_empty() { " at".to_owned() } else { format!(" at {path},") };
    let display = format!("{message}{place} line {line}, column {column} (byte {offset})");
    let want = (message, path, offset, line, column, category, display, category == Category::Eof);
    let got = (
        err.message(),
        err.path(),
        err.offset(),
        err.line(),
        err.column(),
        err.category(),
        err.to_string(),
        err.is_eof(),
    );
    if got == want { Ok(()) } else { Err(format!("got {got:?}\n  expected {want:?}")) }
}

#[track_caller]
fn check(err: &Error, expected: &Expected, input: &str) {
    if let Err(diff) = compare(err, expected) {
        panic!("{input}\n  {diff}");
    }
}

#[track_caller]
fn order_error(input: &str) -> Error {
    match json::from_str::<Order>(input) {
        Ok(order) => panic!("{input} was read as {order:?}"),
        Err(err) => err,
    }
}

#[test]
fn the_valid_order_reads() {
    let read: Order = json::from_str(&order(r#"{"Shipped":{"tracking":"T1"}}"#, r#","note":null"#)).unwrap();
    assert_eq!(read.lines.len(), 4);
    assert_eq!(read.lines[3].price, 4.25);
    assert_eq!(read.status, Status::Shipped { tracking: "T1".into() });
    assert_eq!((&read.note, read.discount), (&None, None));
    let read: Order = json::from_str(&order(r#""Pending""#, "")).unwrap();
    assert_eq!(
        json::to_string(&read).unwrap(),
        r#"{"id":7,"customer":{"name":"Ann","email":null,"address":{"street":"Main","zip":12345}},"lines":[{"sku":"a","qty":1,"price":1.5},{"sku":"b","qty":2,"price":2.0},{"sku":"c","qty":3,"price":3.0},{"sku":"d","qty":4,"price":4.25}],"status":"Pending","note":null,"discount":null}"#
    );
}

/// The byte offset of `needle` in `input`, plus `delta`.
#[track_caller]
fn at(input: &str, needle: &str, delta: isize) -> usize {
    let found = input.find(needle).unwrap_or_else(|| panic!("{needle} not in {input}"));
    found.checked_add_signed(delta).unwrap()
}

#[test]
fn error_table() {
    use Category::{Data, Eof, Syntax};
    let base = order(r#""Pending""#, "");
    // (input, message, path, where the error points: a needle in the input and a delta, category)
    type Case = (String, &'static str, &'static str, (&'static str, isize), Category);
    let cases: Vec<Case> = vec![
        // A wrong type deep down: the path names every step; the offset is the value's start.
        (
            base.replace(r#""price":4.25"#, r#""price":"4.25""#),
            "expected f64, found the string \"4.25\"",
            "/lines/3/price",
            (r#""4.25""#, 0),
            Data,
        ),
        (
            base.replace(r#""zip":12345"#, r#""zip":null"#),
            "expected u32, found null",
            "/customer/address/zip",
            ("null", 0),
            Data,
        ),
        (
            base.replace(r#""id":7"#, r#""id":true"#),
            "expected u64, found the boolean true",
            "/id",
            ("true", 0),
            Data,
        ),
        (
            order(r#""Pending""#, r#","note":5"#),
            "expected a string, found the number 5",
            "/note",
            (":5}", 1),
            Data,
        ),
        (
            base.replace(r#""lines":["#, r#""lines":{"#).replace(r#"4.25}]"#, r#"4.25}}"#),
            "expected an array, found an object",
            "/lines",
            (r#""lines":{"#, 8),
            Data,
        ),
        // A missing field: reported just after its object's `}`, the field in the path.
        (
            base.replace(r#""name":"Ann","#, ""),
            "missing field `name`",
            "/customer/name",
            (r#"12345}}"#, 7),
            Data,
        ),
        (base.replace(r#","qty":3"#, ""), "missing field `qty`", "/lines/2/qty", (r#""price":3}"#, 10), Data),
        (base.replace(r#""id":7,"#, ""), "missing field `id`", "/id", (r#""Pending"}"#, 10), Data),
        // A duplicate field: reported after its name.
        (order(r#""Pending""#, r#","id":8"#), "duplicate field `id`", "", (r#""id":8"#, 5), Data),
        (
            base.replace(r#""qty":1"#, r#""qty":1,"qty":9"#),
            "duplicate field `qty`",
            "/lines/0",
            (r#""qty":9"#, 6),
            Data,
        ),
        // An unknown field under deny_unknown_fields: reported at its name, in the path.
        (
            order(r#""Pending""#, r#","coupon":"X""#),
            "unknown field `coupon`, expected one of `id`, `customer`, `lines`, `status`, `note`, `discount`",
            "/coupon",
            (r#""coupon":"#, 0),
            Data,
        ),
        (
            base.replace(r#""zip":12345"#, r#""zip":12345,"city":"X""#),
            "unknown field `city`, expected one of `street`, `zip`",
            "/customer/address/city",
            (r#""city":"#, 0),
            Data,
        ),
        // An unknown enum variant, and a variant of the wrong shape.
        (
            order(r#""Lost""#, ""),
            "unknown variant `Lost`, expected one of `Pending`, `Shipped`, `Cancelled`",
            "/status",
            (r#""Lost""#, 6),
            Data,
        ),
        (
            order(r#"{"Shipped":{"tracking":5}}"#, ""),
            "expected a string, found the number 5",
            "/status/Shipped/tracking",
            (":5}}", 1),
            Data,
        ),
        (
            order(r#"{"Cancelled":null}"#, ""),
            "expected a string, found null",
            "/status/Cancelled",
            ("null}", 0),
            Data,
        ),
        // Integer overflow: reported at the number.
        (
            base.replace(r#""qty":2"#, r#""qty":65536"#),
            "number `65536` is out of range for u16",
            "/lines/1/qty",
            ("65536", 0),
            Data,
        ),
        (
            base.replace(r#""id":7"#, r#""id":18446744073709551616"#),
            "number `18446744073709551616` is out of range for u64",
            "/id",
            ("1844", 0),
            Data,
        ),
        (
            base.replace(r#""zip":12345"#, r#""zip":-1"#),
            "number `-1` is out of range for u32",
            "/customer/address/zip",
            ("-1", 0),
            Data,
        ),
        (
            base.replace(r#""qty":4"#, r#""qty":4.0"#),
            "expected an integer (u16), found `4.0`",
            "/lines/3/qty",
            ("4.0", 0),
            Data,
        ),
        // Truncated input: at the end, in Category::Eof.
        (
            base[..at(&base, "4.25", 2)].to_owned(),
            "expected a digit after the decimal point, found end of input",
            "/lines/3/price",
            ("4.", 2),
            Eof,
        ),
        (
            base[..base.len() - 1].to_owned(),
            "expected `,` or `}`, found end of input",
            "",
            (r#""Pending""#, 9),
            Eof,
        ),
        (
            base[..at(&base, r#""name":"#, 7)].to_owned(),
            "expected a value, found end of input",
            "/customer/name",
            (r#""name":"#, 7),
            Eof,
        ),
        (
            base[..at(&base, r#""customer":{"#, 12)].to_owned(),
            "expected a property name or `}`, found end of input",
            "/customer",
            (r#""customer":{"#, 12),
            Eof,
        ),
        (base[..1].to_owned(), "expected a property name or `}`, found end of input", "", ("{", 1), Eof),
        // Trailing characters.
        (format!("{base} x"), "expected end of input after the JSON value, found `x`", "", (" x", 1), Syntax),
        (
            format!("{base}{{}}"),
            "expected end of input after the JSON value, found `{`",
            "",
            ("}{", 1),
            Syntax,
        ),
        // Syntax errors inside a typed value keep the path to where they happened.
        (
            base.replace(r#""sku":"c","#, r#""sku":"c",,"#),
            "expected a property name, found `,`",
            "/lines/2",
            (",,", 1),
            Syntax,
        ),
        (
            base.replace(r#""street":"Main""#, r#""street":"Ma\qin""#),
            r#"expected an escape (one of \" \\ \/ \b \f \n \r \t \u), found \ followed by `qin`"#,
            "/customer/address/street",
            (r#"\q"#, 0),
            Syntax,
        ),
    ];
    // Every row is checked, and all mismatches are reported together.
    let mut mismatches = Vec::new();
    for (input, message, path, (needle, delta), category) in &cases {
        let offset = at(input, needle, *delta);
        let expected = Expected { message, path, at: (offset, 1, offset + 1), category: *category };
        if let Err(diff) = compare(&order_error(input), &expected) {
            mismatches.push(format!("{input}\n  {diff}"));
        }
    }
    assert!(
        mismatches.is_empty(),
        "{} of {} rows differ:\n{}",
        mismatches.len(),
        cases.len(),
        mismatches.join("\n")
    );
}

#[test]
fn enum_given_a_scalar_names_both_forms() {
    // `{}` gets "expected a string or an object with a single property naming a variant of
    // enum Status"; `3` gets "expected an object, found the number 3".
    for (value, found) in
        [("3", "the number 3"), ("[]", "an array"), ("true", "the boolean true"), ("null", "null")]
    {
        let err = order_error(&order(value, ""));
        assert_eq!(err.path(), "/status");
        assert!(err.message().starts_with("expected a string or an object"), "{err}");
        assert!(err.message().ends_with(&format!("found {found}")), "{err}");
    }
}

#[test]
fn multi_line_input() {
    // Pretty input: positions count lines, and columns count characters, not bytes.
    let input = "{\n  \"id\": 7,\n  \"customer\": {\n    \"name\": \"Ännä 😀\", \"address\": {\"street\": \"Main\", \"zip\": \"x\"}\n  },\n  \"lines\": [],\n  \"status\": \"Pending\"\n}\n";
    let err = order_error(input);
    let offset = input.find("\"x\"").unwrap();
    check(
        &err,
        &Expected {
            message: "expected u32, found the string \"x\"",
            path: "/customer/address/zip",
            at: (offset, 4, 60),
            category: Category::Data,
        },
        input,
    );
    // A CRLF document, error on the last line.
    let input = "{\r\n\"id\": 7,\r\n\"customer\": {\"name\": \"A\", \"address\": {\"street\": \"\", \"zip\": 1}},\r\n\"lines\": [\r\n{\"sku\": \"a\", \"qty\": 1, \"price\": 1}\r\n],\r\n\"status\": \"Gone\"\r\n}";
    let err = order_error(input);
    let offset = input.find("\"Gone\"").unwrap() + 6;
    check(
        &err,
        &Expected {
            message: "unknown variant `Gone`, expected one of `Pending`, `Shipped`, `Cancelled`",
            path: "/status",
            at: (offset, 7, 17),
            category: Category::Data,
        },
        input,
    );
    // A syntax error after a multi-byte line.
    let input = "{\n\"id\": 1,\n\"note\": \"日本語\" \"x\"}";
    let err = order_error(input);
    check(
        &err,
        &Expected {
            message: "expected `,` or `}`, found a string",
            path: "",
            at: (input.len() - 4, 3, 15),
            category: Category::Syntax,
        },
        input,
    );
}

#[test]
fn errors_inside_collections_of_orders() {
    let good = order(r#""Pending""#, "");
    let bad = order(r#""Lost""#, "");
    let list = format!("[{good}, {good},\n{bad}]");
    let err = json::from_str::<Vec<Order>>(&list).unwrap_err();
    assert_eq!(err.path(), "/2/status");
    assert_eq!((err.line(), err.category()), (2, Category::Data));
    let map = format!(r#"{{"first": {good}, "a/b": {bad}}}"#);
    let err = json::from_str::<BTreeMap<String, Order>>(&map).unwrap_err();
    assert_eq!(err.path(), "/a~1b/status");
    assert!(err.to_string().starts_with("unknown variant `Lost`, expected one of `Pending`, `Shipped`, `Cancelled` at /a~1b/status, line 1, column "));
}

// ---- JSONTestSuite ------------------------------------------------------------------------------

const SUITE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../testdata/JSONTestSuite/test_parsing");

fn suite_files(prefix: &str) -> Vec<PathBuf> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(SUITE)
        .unwrap_or_else(|err| panic!("{SUITE}: {err}"))
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.file_name().unwrap().to_str().unwrap().starts_with(prefix))
        .collect();
    files.sort();
    files
}

/// Any JSON value, through an untagged derived enum.
#[derive(FromJson, Debug)]
#[jetwire(untagged)]
#[allow(dead_code)]
enum Any {
    Null(()),
    Bool(bool),
    Int(i64),
    Float(f64),
    Str(String),
    List(Vec<Any>),
    Map(BTreeMap<String, Any>),
}

/// Every field optional and unknown fields skipped: the most forgiving derived struct.
#[derive(FromJson, Debug)]
#[allow(dead_code)]
struct Loose {
    a: Option<Vec<Option<String>>>,
    b: Option<f64>,
}

/// Reads `bytes` as `T`, which must fail; a panic is caught and reported with the file name.
fn refused<T: for<'de> FromJson<'de> + std::fmt::Debug>(path: &Path, bytes: &[u8], what: &str) {
    let result = std::panic::catch_unwind(|| json::from_slice::<T>(bytes));
    match result {
        Err(_) => panic!("{}: reading as {what} panicked", path.display()),
        Ok(Ok(value)) => panic!("{}: accepted as {what}: {value:?}", path.display()),
        Ok(Err(err)) => {
            assert!(err.offset() <= bytes.len(), "{}: {err}", path.display());
            assert!(err.line() >= 1 && err.column() >= 1, "{}: {err}", path.display());
            let _ = err.to_string();
        }
    }
}

#[test]
fn every_n_file_is_refused_by_typed_reads() {
    let files = suite_files("n_");
    assert_eq!(files.len(), 188);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        refused::<Order>(path, &bytes, "Order");
        refused::<Vec<Order>>(path, &bytes, "Vec<Order>");
        refused::<BTreeMap<String, Order>>(path, &bytes, "BTreeMap<String, Order>");
        refused::<Any>(path, &bytes, "Any");
        refused::<Vec<Any>>(path, &bytes, "Vec<Any>");
        refused::<Option<Loose>>(path, &bytes, "Option<Loose>");
    }
}

#[test]
fn every_y_file_is_read_by_an_untagged_any() {
    let files = suite_files("y_");
    assert_eq!(files.len(), 95);
    for path in &files {
        let bytes = std::fs::read(path).unwrap();
        if let Err(err) = json::from_slice::<Any>(&bytes) {
            panic!("{}: {err}", path.display());
        }
    }
}
