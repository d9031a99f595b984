//! The value so far as a typed value: its text, with the places of the values still arriving
//! marked, so that derived code can hold back fields marked `#[jetwire(complete)]`.

use crate::error::Result;
use crate::read::Reader;
use crate::typed::{FromJson, ToJson};
use crate::value::Value;
use crate::write::Writer;

/// Reads `root` (the value so far) as a `T`; `open` are the positions, from the root down, of
/// the values in progress ([`Builder::open_indices`](super::builder::Builder::open_indices)).
pub(super) fn read_marked<T: for<'de> FromJson<'de>>(root: &Value, open: Option<&[usize]>) -> Result<T> {
    let (text, starts) = match open {
        Some(open) => text_marking(root, open)?,
        None => (crate::to_vec(root)?, Vec::new()),
    };
    let mut reader = Reader::new(&text).marking_in_progress(&starts);
    let value = T::from_json(&mut reader)?;
    reader.finish()?;
    Ok(value)
}

/// `root`'s compact text, and where in it each value on the path `open` starts (the root's
/// first): the values in progress.
fn text_marking(root: &Value, open: &[usize]) -> Result<(Vec<u8>, Vec<usize>)> {
    let mut writer = Writer::new();
    let mut starts = vec![0];
    // The containers on the path, each with the position of its child on it: written down to
    // that child, and after it once the child is.
    let mut levels: Vec<(&Value, usize)> = Vec::with_capacity(open.len());
    let mut current = root;
    for &at in open {
        let child = match current {
            Value::Array(items) if at < items.len() => {
                writer.begin_array()?;
                for item in &items[..at] {
                    item.to_json(&mut writer)?;
                }
                // The element's comma, which the writer adds before it, is not part of it.
                starts.push(writer.as_bytes().len() + usize::from(at > 0));
                &items[at]
            }
            Value::Object(map) if at < map.len() => {
                writer.begin_object()?;
                for (key, value) in map.iter().take(at) {
                    writer.property_name(key)?;
                    value.to_json(&mut writer)?;
                }
                let (key, child) = map.get_index(at).expect("within the map");
                writer.property_name(key)?;
                starts.push(writer.as_bytes().len());
                child
            }
            _ => break,
        };
        levels.push((current, at));
        current = child;
    }
    current.to_json(&mut writer)?;
    while let Some((container, at)) = levels.pop() {
        match container {
            Value::Array(items) => {
                for item in &items[at + 1..] {
                    item.to_json(&mut writer)?;
                }
                writer.end_array()?;
            }
            Value::Object(map) => {
                for (key, value) in map.iter().skip(at + 1) {
                    writer.property_name(key)?;
                    value.to_json(&mut writer)?;
                }
                writer.end_object()?;
            }
            _ => unreachable!("only containers are on the path"),
        }
    }
    writer.finish()?;
    Ok((writer.into_vec(), starts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::json;

    #[test]
    fn marks_fall_where_the_values_on_the_path_start() {
        let value = json!({"a": 1, "b": [true, {"c": "x", "d": "yz"}], "e": null});
        let (text, starts) = text_marking(&value, &[1, 1, 1]).unwrap();
        assert_eq!(text, crate::to_vec(&value).unwrap());
        let text = String::from_utf8(text).unwrap();
        let at: Vec<&str> = starts.iter().map(|&start| &text[start..]).collect();
        assert_eq!(at[1], r#"[true,{"c":"x","d":"yz"}],"e":null}"#);
        assert_eq!(at[2], r#"{"c":"x","d":"yz"}],"e":null}"#);
        assert_eq!(at[3], r#""yz"}],"e":null}"#);
        assert_eq!(starts[0], 0);
        // The first element has no comma before it.
        let (text, starts) = text_marking(&json!([[1]]), &[0, 0]).unwrap();
        assert_eq!((text.as_slice(), starts.as_slice()), (&b"[[1]]"[..], &[0, 1, 2][..]));
    }
}
