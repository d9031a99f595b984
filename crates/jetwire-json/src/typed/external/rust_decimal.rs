//! `rust_decimal::Decimal` as an exact JSON number: written from its decimal digits, read from
//! the number's source text, never through a float.

use rust_decimal::Decimal;

use crate::typed::text::StackText;
use crate::typed::{FromJson, ToJson};
use crate::{Output, Reader, Result, Writer};

impl ToJson for Decimal {
    fn to_json<O: Output>(&self, writer: &mut Writer<O>) -> Result<()> {
        // A sign, 29 digits, a point and leading zeros fit.
        writer.number_text(StackText::<64>::display(self).as_str())
    }
}

impl<'de> FromJson<'de> for Decimal {
    fn from_json(reader: &mut Reader<'de>) -> Result<Self> {
        let number = reader.read_number()?;
        let text = number.as_str();
        let parsed = if text.contains(['e', 'E']) {
            Decimal::from_scientific(text)
        } else {
            Decimal::from_str_exact(text)
        };
        parsed.map_err(|err| {
            reader.data_error(format_args!("number `{text}` does not fit a Decimal exactly: {err}"))
        })
    }
}
