//! What the fuzz targets share: how they describe a result, so that two ways of reading the same
//! bytes can be compared whole (value, or error with its category, message, place and path).

use std::fmt::Debug;

use jetwire::json::Error;

/// An error as the targets compare it: everything it reports.
pub fn describe(err: &Error) -> String {
    format!(
        "{:?} {} at {}:{}:{} path {}",
        err.category(),
        err.message(),
        err.line(),
        err.column(),
        err.offset(),
        err.path()
    )
}

/// A result as the targets compare it.
pub fn outcome<T: Debug>(result: &jetwire::json::Result<T>) -> String {
    match result {
        Ok(value) => format!("ok {value:?}"),
        Err(err) => format!("error {}", describe(err)),
    }
}
