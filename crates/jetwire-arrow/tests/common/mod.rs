//! Helpers shared by the test files.

use std::sync::Arc;

use arrow_schema::{DataType, Field};

/// `RunEndEncoded(run_ends, values)`, its values nullable.
pub fn run_end(values: DataType, run_ends: DataType) -> DataType {
    DataType::RunEndEncoded(
        Arc::new(Field::new("run_ends", run_ends, false)),
        Arc::new(Field::new("values", values, true)),
    )
}
