//! "Standard types" (durations, addresses, paths, ...) and the optional crates' types.

use super::*;

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct StdTypes {
    pub(crate) duration: Duration,
    pub(crate) v4: Ipv4Addr,
    pub(crate) v6: Ipv6Addr,
    pub(crate) ip: IpAddr,
    pub(crate) socket_v4: SocketAddrV4,
    pub(crate) socket_v6: SocketAddrV6,
    pub(crate) socket: SocketAddr,
}

impl Spec {
    /// "`Ipv4Addr`: 4 bytes, in address order"; "`Ipv6Addr`: 16 bytes, in address order";
    /// "`IpAddr`: enum: 0 `V4`, 1 `V6`".
    pub(crate) fn ip(&mut self, ip: &IpAddr) {
        match ip {
            IpAddr::V4(v4) => {
                self.variant(0);
                self.raw(&v4.octets());
            }
            IpAddr::V6(v6) => {
                self.variant(1);
                self.raw(&v6.octets());
            }
        }
    }

    /// "`SocketAddrV4`: address, then port as `u16`".
    pub(crate) fn socket_v4(&mut self, a: &SocketAddrV4) {
        self.raw(&a.ip().octets());
        self.u16(a.port());
    }

    /// "`SocketAddrV6`: address, port as `u16`, flow info as `u32`, scope id as `u32`".
    pub(crate) fn socket_v6(&mut self, a: &SocketAddrV6) {
        self.raw(&a.ip().octets());
        self.u16(a.port());
        self.u32(a.flowinfo());
        self.u32(a.scope_id());
    }
}

impl Reference for StdTypes {
    fn reference(&self, s: &mut Spec) {
        // "`Duration`: seconds as `u64`, then nanoseconds as `u32`".
        s.u64(self.duration.as_secs());
        s.u32(self.duration.subsec_nanos());
        s.raw(&self.v4.octets());
        s.raw(&self.v6.octets());
        s.ip(&self.ip);
        s.socket_v4(&self.socket_v4);
        s.socket_v6(&self.socket_v6);
        // "`SocketAddr`: enum: 0 `V4`, 1 `V6`".
        match &self.socket {
            SocketAddr::V4(a) => {
                s.variant(0);
                s.socket_v4(a);
            }
            SocketAddr::V6(a) => {
                s.variant(1);
                s.socket_v6(a);
            }
        }
    }
}

pub(crate) fn std_types() -> impl Strategy<Value = StdTypes> {
    let v4 = || any::<u32>().prop_map(Ipv4Addr::from);
    let v6 = || any::<u128>().prop_map(Ipv6Addr::from);
    let socket_v4 = move || (v4(), any::<u16>()).prop_map(|(ip, port)| SocketAddrV4::new(ip, port));
    let socket_v6 = move || {
        (v6(), any::<u16>(), any::<u32>(), any::<u32>())
            .prop_map(|(ip, port, flow, scope)| SocketAddrV6::new(ip, port, flow, scope))
    };
    (
        (any::<u64>(), 0u32..1_000_000_000).prop_map(|(secs, nanos)| Duration::new(secs, nanos)),
        v4(),
        v6(),
        prop_oneof![v4().prop_map(IpAddr::V4), v6().prop_map(IpAddr::V6)],
        socket_v4(),
        socket_v6(),
        prop_oneof![socket_v4().prop_map(SocketAddr::V4), socket_v6().prop_map(SocketAddr::V6)],
    )
        .prop_map(|(duration, v4, v6, ip, socket_v4, socket_v6, socket)| StdTypes {
            duration,
            v4,
            v6,
            ip,
            socket_v4,
            socket_v6,
            socket,
        })
}

#[derive(ToBinary, FromBinary, Debug, Clone, PartialEq)]
pub(crate) struct External {
    pub(crate) uuid: uuid::Uuid,
    pub(crate) decimal: rust_decimal::Decimal,
    pub(crate) bytes: bytes::Bytes,
    pub(crate) bytes_mut: bytes::BytesMut,
    pub(crate) index_map: indexmap::IndexMap<String, u32>,
    pub(crate) index_set: indexmap::IndexSet<u16>,
    pub(crate) date: chrono::NaiveDate,
    pub(crate) time: chrono::NaiveTime,
    pub(crate) naive: chrono::NaiveDateTime,
    pub(crate) utc: chrono::DateTime<chrono::Utc>,
    pub(crate) fixed: chrono::DateTime<chrono::FixedOffset>,
    pub(crate) offset_date_time: time::OffsetDateTime,
    pub(crate) julian: time::Date,
}

impl Reference for External {
    fn reference(&self, s: &mut Spec) {
        use chrono::{Datelike, Timelike};
        // "`uuid::Uuid`: its 16 bytes as `Uuid::as_bytes` gives them".
        s.raw(self.uuid.as_bytes());
        // "`rust_decimal::Decimal`: ... flags as `u32` (bits 16–23 the scale, at most 28; bit 31
        // the sign; all other bits 0 ...), then the 96-bit mantissa as three `u32`s, low first".
        let d = &self.decimal;
        s.u32(d.scale() << 16 | u32::from(d.is_sign_negative()) << 31);
        let mantissa = d.mantissa().unsigned_abs();
        s.u32(mantissa as u32);
        s.u32((mantissa >> 32) as u32);
        s.u32((mantissa >> 64) as u32);
        // "`bytes::Bytes`, `BytesMut`: byte string".
        s.byte_string(&self.bytes);
        s.byte_string(&self.bytes_mut);
        // "`IndexMap`, `IndexSet`: map, set (in their order)".
        s.map(self.index_map.iter(), |s, k| s.str(k), |s, v| s.u32(*v));
        s.seq(&self.index_set, |s, v| s.u16(*v));
        // "`chrono::NaiveDate`: days from the Common Era as `i32` (`0001-01-01` is 1)".
        s.i32(self.date.num_days_from_ce());
        // "`chrono::NaiveTime`: seconds since midnight as `u32`, then nanoseconds as `u32`".
        s.u32(self.time.num_seconds_from_midnight());
        s.u32(self.time.nanosecond());
        // "`chrono::DateTime<Utc>`, `NaiveDateTime`: seconds since the Unix epoch as `i64`, then
        // nanoseconds as `u32` (up to 1 999 999 999 for a leap second)".
        s.i64(self.naive.and_utc().timestamp());
        s.u32(self.naive.and_utc().timestamp_subsec_nanos());
        s.i64(self.utc.timestamp());
        s.u32(self.utc.timestamp_subsec_nanos());
        // "`chrono::DateTime<FixedOffset>`: as `DateTime<Utc>` (the UTC instant), then the
        // offset east of UTC in seconds as `i32`".
        s.i64(self.fixed.timestamp());
        s.u32(self.fixed.timestamp_subsec_nanos());
        s.i32(self.fixed.offset().local_minus_utc());
        // "`time::OffsetDateTime`: Unix seconds as `i64`, nanoseconds as `u32` (below 10^9),
        // offset east of UTC in seconds as `i32`".
        s.i64(self.offset_date_time.unix_timestamp());
        s.u32(self.offset_date_time.nanosecond());
        s.i32(self.offset_date_time.offset().whole_seconds());
        // "`time::Date`: Julian day number as `i32`".
        s.i32(self.julian.to_julian_day());
    }
}

/// Nanoseconds of a second, or of a leap second (1 000 000 000 and up) half the time.
pub(crate) fn nanos_maybe_leap() -> impl Strategy<Value = (bool, u32)> {
    (any::<bool>(), 0u32..1_000_000_000)
        .prop_map(|(leap, n)| (leap, if leap { n + 1_000_000_000 } else { n }))
}

pub(crate) fn external() -> impl Strategy<Value = External> {
    use chrono::{DateTime, FixedOffset, NaiveDate, NaiveTime};
    // Instants from about year -1000 to 9000, where every offset keeps the date in range.
    let chrono_instant = || {
        (-93_000_000_000i64..221_000_000_000, nanos_maybe_leap()).prop_filter_map(
            "a leap second ends a minute",
            |(secs, (leap, nanos))| {
                DateTime::from_timestamp(if leap { secs / 60 * 60 + 59 } else { secs }, nanos)
            },
        )
    };
    (
        (
            any::<u128>().prop_map(uuid::Uuid::from_u128),
            (any::<u32>(), any::<u32>(), any::<u32>(), any::<bool>(), 0u32..=28).prop_map(
                |(lo, mid, hi, neg, scale)| rust_decimal::Decimal::from_parts(lo, mid, hi, neg, scale),
            ),
            vec(any::<u8>(), 0..6).prop_map(bytes::Bytes::from),
            vec(any::<u8>(), 0..6).prop_map(|v| bytes::BytesMut::from(&v[..])),
            vec((text(), any::<u32>()), 0..5).prop_map(|v| v.into_iter().collect()),
            vec(any::<u16>(), 0..5).prop_map(|v| v.into_iter().collect()),
        ),
        (
            (-365_000i32..3_650_000).prop_filter_map("a date", NaiveDate::from_num_days_from_ce_opt),
            (0u32..86_400, nanos_maybe_leap()).prop_filter_map("a time", |(secs, (leap, nanos))| {
                NaiveTime::from_num_seconds_from_midnight_opt(
                    if leap { secs / 60 * 60 + 59 } else { secs },
                    nanos,
                )
            }),
            chrono_instant().prop_map(|t| t.naive_utc()),
            chrono_instant(),
            (chrono_instant(), -86_399i32..86_400)
                .prop_map(|(t, offset)| t.with_timezone(&FixedOffset::east_opt(offset).unwrap())),
        ),
        (
            (-30_000_000_000i64..200_000_000_000, 0u32..1_000_000_000, -93_599i32..=93_599).prop_map(
                |(secs, nanos, offset)| {
                    time::OffsetDateTime::from_unix_timestamp(secs)
                        .unwrap()
                        .replace_nanosecond(nanos)
                        .unwrap()
                        .to_offset(time::UtcOffset::from_whole_seconds(offset).unwrap())
                },
            ),
            (-1_930_999i32..=5_373_484).prop_map(|day| time::Date::from_julian_day(day).unwrap()),
        ),
    )
        .prop_map(
            |(
                (uuid, decimal, bytes, bytes_mut, index_map, index_set),
                (date, time, naive, utc, fixed),
                (offset_date_time, julian),
            )| External {
                uuid,
                decimal,
                bytes,
                bytes_mut,
                index_map,
                index_set,
                date,
                time,
                naive,
                utc,
                fixed,
                offset_date_time,
                julian,
            },
        )
}
