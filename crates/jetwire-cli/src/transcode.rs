//! Rewriting JSON token by token without changing its data.

use jetwire_json::{ReadOptions, Reader, Result, Token, WriteOptions, Writer};

/// Reads `input` and writes it again with `write` options. Strings are copied from their source
/// escapes and all (only the writer's extra escaping is applied to literal characters), and
/// numbers keep their spelling, so no value changes, not even an ill-formed one.
pub(crate) fn transcode(input: &[u8], read: ReadOptions, write: WriteOptions) -> Result<Vec<u8>> {
    let mut reader = Reader::with_options(input, read);
    // The reader has validated every token, so the writer need not check them again.
    let mut writer = Writer::with_options(WriteOptions { skip_validation: true, ..write });
    while let Some(token) = reader.next_token()? {
        match token {
            Token::BeginObject => writer.begin_object()?,
            Token::EndObject => writer.end_object()?,
            Token::BeginArray => writer.begin_array()?,
            Token::EndArray => writer.end_array()?,
            Token::PropertyName(name) => writer.escaped_property_name(name.raw())?,
            Token::String(text) => writer.escaped_string(text.raw())?,
            Token::Number(number) => writer.number_text(number.as_str())?,
            Token::Bool(value) => writer.bool(value)?,
            Token::Null => writer.null()?,
        }
    }
    Ok(writer.into_vec())
}
