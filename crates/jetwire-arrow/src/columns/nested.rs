//! Columns that hold other columns: lists (JSON arrays) and structs (objects with declared
//! fields). Maps are in [`super::map`].

use std::sync::Arc;

use arrow_array::{
    ArrayRef, FixedSizeListArray, GenericListArray, GenericListViewArray, OffsetSizeTrait, StructArray,
};
use arrow_buffer::{NullBuffer, NullBufferBuilder, OffsetBuffer, ScalarBuffer};
use arrow_schema::{ArrowError, FieldRef, Fields};
use jetwire_json::{KeyHint, Reader, Result};

use super::{ColumnDecoder, Finished, Options, decoder_for, read_null};

/// A list column: each value a JSON array whose elements go to the child column. A list view
/// (`ListView`, `LargeListView`) is read the same way; its sizes come from the offsets.
pub(crate) struct ListColumn<O: OffsetSizeTrait> {
    field: FieldRef,
    view: bool,
    child: Box<dyn ColumnDecoder>,
    spans: Spans<O>,
}

impl<O: OffsetSizeTrait> ListColumn<O> {
    pub(crate) fn new(
        nullable: bool,
        field: FieldRef,
        view: bool,
        options: Options,
    ) -> std::result::Result<Self, ArrowError> {
        let child = decoder_for(&field, options)?;
        Ok(ListColumn { field, view, child, spans: Spans::new(nullable) })
    }
}

/// The offsets and validity of a column whose values each span a run of a child column's
/// values (lists, maps): where each value ends in the child, and whether it is null.
pub(super) struct Spans<O: OffsetSizeTrait> {
    offsets: Vec<O>,
    nulls: NullBufferBuilder,
    nullable: bool,
}

impl<O: OffsetSizeTrait> Spans<O> {
    pub(super) fn new(nullable: bool) -> Self {
        Spans { offsets: vec![O::zero()], nulls: NullBufferBuilder::new(0), nullable }
    }

    /// Reads a `null` into a nullable column as a null, empty span: whether it was one.
    #[inline(always)]
    pub(super) fn read_null(&mut self, reader: &mut Reader<'_>) -> Result<bool> {
        let null = read_null(reader, self.nullable, &mut self.nulls)?;
        if null {
            self.offsets.push(self.end_of_last());
        }
        Ok(null)
    }

    /// Appends a null, empty span.
    pub(super) fn push_null(&mut self) {
        self.offsets.push(self.end_of_last());
        self.nulls.append_null();
    }

    /// Ends a value that is not null at the child's first `children` values, or errs when
    /// they are more than the offsets reach.
    pub(super) fn push(&mut self, reader: &Reader<'_>, children: usize) -> Result<()> {
        let end = O::from_usize(children).ok_or_else(|| {
            reader.data_error(
                "the column's elements in this batch are more than its 32-bit offsets reach; \
                 use a Large type or a smaller batch",
            )
        })?;
        self.offsets.push(end);
        self.nulls.append_non_null();
        Ok(())
    }

    pub(super) fn len(&self) -> usize {
        self.offsets.len() - 1
    }

    /// Drops the values past the first `len`, and returns how many child values the rest span
    /// (a failed value may have appended children without its offset: the child is cut back
    /// to that count in any case).
    pub(super) fn truncate(&mut self, len: usize) -> usize {
        self.offsets.truncate(len + 1);
        self.nulls.truncate(self.len());
        self.end_of_last().as_usize()
    }

    /// The offsets and nulls of the values appended since the last call, which it forgets.
    pub(super) fn finish(&mut self) -> (Vec<O>, Option<NullBuffer>) {
        (std::mem::replace(&mut self.offsets, vec![O::zero()]), self.nulls.finish())
    }

    fn end_of_last(&self) -> O {
        *self.offsets.last().expect("offsets start with 0")
    }
}

impl<O: OffsetSizeTrait> ColumnDecoder for ListColumn<O> {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if self.spans.read_null(reader)? {
            return Ok(());
        }
        reader.begin_array()?;
        let mut index = 0;
        while reader.next_element()? {
            self.child.append(reader).map_err(|err| err.prepend_index(index))?;
            index += 1;
        }
        self.spans.push(reader, self.child.len())
    }

    fn append_null(&mut self) {
        self.spans.push_null();
    }

    fn len(&self) -> usize {
        self.spans.len()
    }

    fn truncate(&mut self, len: usize) {
        let children = self.spans.truncate(len);
        self.child.truncate(children);
    }

    fn finish(&mut self) -> Finished {
        let (offsets, nulls) = self.spans.finish();
        let elements = self.child.finish()?;
        if self.view {
            let sizes: Vec<O> = offsets.windows(2).map(|pair| pair[1] - pair[0]).collect();
            let starts = ScalarBuffer::from(offsets).slice(0, sizes.len());
            return Ok(Arc::new(GenericListViewArray::<O>::new(
                self.field.clone(),
                starts,
                ScalarBuffer::from(sizes),
                elements,
                nulls,
            )));
        }
        Ok(Arc::new(GenericListArray::<O>::new(
            self.field.clone(),
            OffsetBuffer::new(ScalarBuffer::from(offsets)),
            elements,
            nulls,
        )))
    }
}

/// A fixed-size list column: each value a JSON array of exactly `size` elements, which go to
/// the child column (a null list takes `size` null elements there, as Arrow lays it out).
pub(crate) struct FixedSizeListColumn {
    field: FieldRef,
    size: usize,
    child: Box<dyn ColumnDecoder>,
    nulls: NullBufferBuilder,
    nullable: bool,
    len: usize,
}

impl FixedSizeListColumn {
    pub(crate) fn new(
        nullable: bool,
        field: FieldRef,
        size: usize,
        options: Options,
    ) -> std::result::Result<Self, ArrowError> {
        let child = decoder_for(&field, options)?;
        Ok(FixedSizeListColumn { field, size, child, nulls: NullBufferBuilder::new(0), nullable, len: 0 })
    }
}

impl ColumnDecoder for FixedSizeListColumn {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if read_null(reader, self.nullable, &mut self.nulls)? {
            (0..self.size).for_each(|_| self.child.append_null());
            self.len += 1;
            return Ok(());
        }
        reader.begin_array()?;
        let mut index = 0;
        while reader.next_element()? {
            if index == self.size {
                let err = reader
                    .data_error(format_args!("expected an array of {} elements, found more", self.size));
                return Err(err.prepend_index(index));
            }
            self.child.append(reader).map_err(|err| err.prepend_index(index))?;
            index += 1;
        }
        if index < self.size {
            return Err(
                reader.data_error(format_args!("expected an array of {} elements, found {index}", self.size))
            );
        }
        self.nulls.append_non_null();
        self.len += 1;
        Ok(())
    }

    fn append_null(&mut self) {
        (0..self.size).for_each(|_| self.child.append_null());
        self.nulls.append_null();
        self.len += 1;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn truncate(&mut self, len: usize) {
        // A failed value may have appended some of its elements: cut the child back too.
        self.len = self.len.min(len);
        self.child.truncate(self.len * self.size);
        self.nulls.truncate(self.len);
    }

    fn finish(&mut self) -> Finished {
        self.len = 0;
        let size = i32::try_from(self.size).expect("made from an i32");
        let nulls = self.nulls.finish();
        Ok(Arc::new(FixedSizeListArray::new(self.field.clone(), size, self.child.finish()?, nulls)))
    }
}

/// A struct column: each value a JSON object whose properties go to the columns of the fields
/// of the same names. A field absent from an object is null (an error when it is not
/// nullable); a property that names no field is skipped, or an error in strict mode.
pub(crate) struct StructColumn {
    fields: Fields,
    /// Each field's name prepared for the reader's key match (`None` for long names).
    hints: Vec<Option<KeyHint>>,
    children: Vec<Box<dyn ColumnDecoder>>,
    /// For each field, the number of the last object that set it: a field is set in the current
    /// object when its stamp is `object`.
    stamps: Vec<u64>,
    object: u64,
    nulls: NullBufferBuilder,
    nullable: bool,
    strict: bool,
    len: usize,
}

impl StructColumn {
    pub(crate) fn new(
        nullable: bool,
        fields: Fields,
        options: Options,
    ) -> std::result::Result<Self, ArrowError> {
        let children =
            fields.iter().map(|field| decoder_for(field, options)).collect::<std::result::Result<_, _>>()?;
        Ok(StructColumn {
            hints: fields.iter().map(|field| KeyHint::new(field.name())).collect(),
            stamps: vec![0; fields.len()],
            fields,
            children,
            object: 0,
            nulls: NullBufferBuilder::new(0),
            nullable,
            strict: options.strict,
            len: 0,
        })
    }

    /// Reads an object (the reader is at its `{`) into the fields' columns.
    pub(crate) fn append_object(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        reader.begin_object()?;
        self.object += 1;
        // Objects usually list their properties in the same order: each name is first compared
        // with the field after the previous one.
        let mut next = 0;
        let mut present = 0;
        while let Some((key, hinted)) =
            reader.next_key_hinted(self.hints.get(next).and_then(Option::as_ref))?
        {
            let found = match self.fields.get(next) {
                Some(_) if hinted => Some(next),
                Some(field) if !key.has_escapes() && field.name().as_bytes() == key.raw() => Some(next),
                _ => {
                    let name = key.decoded();
                    self.fields.iter().position(|field| field.name() == name.as_ref())
                }
            };
            let Some(index) = found else {
                if self.strict {
                    return Err(reader.data_error(format_args!(
                        "the property `{}` names no field of the schema (strict mode)",
                        key.decoded()
                    )));
                }
                reader.skip_value()?;
                continue;
            };
            if self.stamps[index] == self.object {
                return Err(reader
                    .data_error(format_args!("the property `{}` appears twice", self.fields[index].name())));
            }
            self.stamps[index] = self.object;
            self.children[index].append(reader).map_err(|err| err.prepend_key(self.fields[index].name()))?;
            next = index + 1;
            present += 1;
        }
        // Every field present (each at most once): none to fill with a null.
        let fields = if present == self.fields.len() { &self.fields[..0] } else { &self.fields[..] };
        for (index, field) in fields.iter().enumerate() {
            if self.stamps[index] != self.object {
                if !field.is_nullable() {
                    return Err(reader.data_error(format_args!(
                        "the field `{}` is missing, and it is not nullable",
                        field.name()
                    )));
                }
                self.children[index].append_null();
            }
        }
        self.nulls.append_non_null();
        self.len += 1;
        Ok(())
    }

    /// The columns of the fields, each forgetting its values: a record batch's columns. Every
    /// column is finished, so that none keeps a row, before the first error is returned.
    pub(crate) fn finish_columns(&mut self) -> std::result::Result<Vec<ArrayRef>, ArrowError> {
        self.len = 0;
        self.nulls.finish();
        let columns: Vec<Finished> = self.children.iter_mut().map(|child| child.finish()).collect();
        columns.into_iter().collect()
    }
}

impl ColumnDecoder for StructColumn {
    fn append(&mut self, reader: &mut Reader<'_>) -> Result<()> {
        if read_null(reader, self.nullable, &mut self.nulls)? {
            for child in &mut self.children {
                child.append_null();
            }
            self.len += 1;
            return Ok(());
        }
        self.append_object(reader)
    }

    fn append_null(&mut self) {
        for child in &mut self.children {
            child.append_null();
        }
        self.nulls.append_null();
        self.len += 1;
    }

    fn len(&self) -> usize {
        self.len
    }

    fn truncate(&mut self, len: usize) {
        for child in &mut self.children {
            child.truncate(len);
        }
        self.nulls.truncate(len);
        self.len = self.len.min(len);
    }

    fn finish(&mut self) -> Finished {
        let nulls = self.nulls.finish();
        let columns = self.finish_columns()?;
        Ok(Arc::new(StructArray::new(self.fields.clone(), columns, nulls)))
    }
}
