//! Time zones named in a timestamp column's type (`Europe/Paris`, as against an offset such as
//! `+01:00`). With the `tz` feature they come from the zone database that arrow-array carries
//! through chrono-tz; without it none is known: a time without an offset in such a column is
//! an error, and the writer writes the column in UTC.

#[cfg(feature = "tz")]
use arrow_array::timezone::Tz;
#[cfg(feature = "tz")]
use chrono::{DateTime, Offset, TimeZone};

/// A zone of the database, which gives each instant its offset.
#[derive(Clone, Copy, Debug)]
pub(crate) struct NamedZone(#[cfg(feature = "tz")] Tz, #[cfg(not(feature = "tz"))] NoDatabase);

/// Without the `tz` feature there is no zone to name: the type has no value.
#[cfg(not(feature = "tz"))]
#[derive(Clone, Copy, Debug)]
enum NoDatabase {}

#[cfg(feature = "tz")]
impl NamedZone {
    /// The zone named `name` (not an offset); `None` for a name the database does not know,
    /// which is then treated as without the database, so that turning the feature on (perhaps
    /// by another crate of the build) makes no schema fail that worked without it.
    pub(crate) fn find(name: &str) -> Option<NamedZone> {
        name.parse::<Tz>().ok().map(NamedZone)
    }

    /// The zone's offset, in seconds east of UTC, at the wall-clock time `local` (seconds since
    /// 1970-01-01T00:00:00 on the zone's clock): `None` when the clock shows that time twice or
    /// never (at a daylight saving change), as arrow-json refuses it.
    pub(crate) fn offset_at_local(self, local: i64) -> Option<i32> {
        let local = DateTime::from_timestamp(local, 0)?.naive_utc();
        self.0.offset_from_local_datetime(&local).single().map(|offset| offset.fix().local_minus_utc())
    }

    /// The zone's offset, in seconds east of UTC, at the instant `utc` (seconds since
    /// 1970-01-01T00:00:00Z); UTC's outside the range of instants chrono spells.
    pub(crate) fn offset_at(self, utc: i64) -> i32 {
        DateTime::from_timestamp(utc, 0)
            .map_or(0, |utc| self.0.offset_from_utc_datetime(&utc.naive_utc()).fix().local_minus_utc())
    }
}

/// Without the database: no zone is found, so the methods are never called.
#[cfg(not(feature = "tz"))]
impl NamedZone {
    pub(crate) fn find(_name: &str) -> Option<NamedZone> {
        None
    }

    pub(crate) fn offset_at_local(self, _local: i64) -> Option<i32> {
        match self.0 {}
    }

    pub(crate) fn offset_at(self, _utc: i64) -> i32 {
        match self.0 {}
    }
}
