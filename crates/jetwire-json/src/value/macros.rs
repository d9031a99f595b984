//! The [`json!`](crate::json) macro and its runtime support.

use super::{Map, Number, Value};

/// Builds a [`Value`](crate::Value) from JSON written inline, with Rust expressions where values
/// go (and, in parentheses or as plain identifiers, where keys go).
///
/// Expressions of the primitive types, `String`, `Value`, `Number` and `Map` are converted
/// directly; any other [`ToJson`](crate::ToJson) type is written as JSON and read back.
///
/// ```
/// use jetwire_json::json;
///
/// let code = 200;
/// let features = vec!["serde", "derive"];
/// let key = "dynamic";
/// let value = json!({
///     "code": code,
///     "success": code == 200,
///     "features": features,
///     "nested": {"list": [1, 2.5, null, true], "empty": {}},
///     (key): [],
/// });
/// assert_eq!(
///     value.to_string(),
///     r#"{"code":200,"success":true,"features":["serde","derive"],"nested":{"list":[1,2.5,null,true],"empty":{}},"dynamic":[]}"#
/// );
/// ```
///
/// # Panics
///
/// When an expression's [`ToJson`](crate::ToJson) impl fails, as for a NaN inside a `Vec<f64>`
/// (a NaN given directly becomes `null`, as `Value::from` makes it).
#[macro_export]
macro_rules! json {
    ($($json:tt)+) => {
        $crate::__json_internal!($($json)+)
    };
}

/// The implementation of [`json!`](crate::json): a token muncher in the style of serde_json's.
#[macro_export]
#[doc(hidden)]
macro_rules! __json_internal {
    // ---- arrays: @array [elements so far] rest ------------------------------------------------
    (@array [$($elems:expr,)*]) => {
        $crate::__json_vec![$($elems,)*]
    };
    (@array [$($elems:expr),*]) => {
        $crate::__json_vec![$($elems),*]
    };
    (@array [$($elems:expr,)*] null $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(null)] $($rest)*)
    };
    (@array [$($elems:expr,)*] true $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(true)] $($rest)*)
    };
    (@array [$($elems:expr,)*] false $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!(false)] $($rest)*)
    };
    (@array [$($elems:expr,)*] [$($array:tt)*] $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!([$($array)*])] $($rest)*)
    };
    (@array [$($elems:expr,)*] {$($map:tt)*} $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!({$($map)*})] $($rest)*)
    };
    (@array [$($elems:expr,)*] $next:expr, $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!($next),] $($rest)*)
    };
    (@array [$($elems:expr,)*] $last:expr) => {
        $crate::__json_internal!(@array [$($elems,)* $crate::__json_internal!($last)])
    };
    (@array [$($elems:expr),*] , $($rest:tt)*) => {
        $crate::__json_internal!(@array [$($elems,)*] $($rest)*)
    };
    (@array [$($elems:expr),*] $unexpected:tt $($rest:tt)*) => {
        $crate::__json_unexpected!($unexpected)
    };

    // ---- objects: @object map (key tokens) (rest) (copy of rest for errors) ------------------
    (@object $object:ident () () ()) => {};
    (@object $object:ident [$($key:tt)+] ($value:expr) , $($rest:tt)*) => {
        let _ = $object.insert(::std::string::String::from($($key)+), $value);
        $crate::__json_internal!(@object $object () ($($rest)*) ($($rest)*));
    };
    (@object $object:ident [$($key:tt)+] ($value:expr) $unexpected:tt $($rest:tt)*) => {
        $crate::__json_unexpected!($unexpected);
    };
    (@object $object:ident [$($key:tt)+] ($value:expr)) => {
        let _ = $object.insert(::std::string::String::from($($key)+), $value);
    };
    (@object $object:ident ($($key:tt)+) (: null $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!(null)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: true $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!(true)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: false $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!(false)) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: [$($array:tt)*] $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!([$($array)*])) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: {$($map:tt)*} $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!({$($map)*})) $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr , $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!($value)) , $($rest)*);
    };
    (@object $object:ident ($($key:tt)+) (: $value:expr) $copy:tt) => {
        $crate::__json_internal!(@object $object [$($key)+] ($crate::__json_internal!($value)));
    };
    (@object $object:ident ($($key:tt)+) (:) $copy:tt) => {
        $crate::__json_internal!();
    };
    (@object $object:ident ($($key:tt)+) () $copy:tt) => {
        $crate::__json_internal!();
    };
    (@object $object:ident () (: $($rest:tt)*) ($colon:tt $($copy:tt)*)) => {
        $crate::__json_unexpected!($colon);
    };
    (@object $object:ident ($($key:tt)*) (, $($rest:tt)*) ($comma:tt $($copy:tt)*)) => {
        $crate::__json_unexpected!($comma);
    };
    (@object $object:ident () (($key:expr) : $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object ($key) (: $($rest)*) (: $($rest)*));
    };
    (@object $object:ident ($($key:tt)*) (: $($unexpected:tt)+) $copy:tt) => {
        $crate::__json_expect_expr_comma!($($unexpected)+);
    };
    (@object $object:ident ($($key:tt)*) ($tt:tt $($rest:tt)*) $copy:tt) => {
        $crate::__json_internal!(@object $object ($($key)* $tt) ($($rest)*) ($($rest)*));
    };

    // ---- values --------------------------------------------------------------------------------
    (null) => {
        $crate::Value::Null
    };
    (true) => {
        $crate::Value::Bool(true)
    };
    (false) => {
        $crate::Value::Bool(false)
    };
    ([]) => {
        $crate::Value::Array($crate::value::Array::new())
    };
    ([ $($tt:tt)+ ]) => {
        $crate::Value::Array($crate::value::Array::from($crate::__json_internal!(@array [] $($tt)+)))
    };
    ({}) => {
        $crate::Value::Object($crate::value::Map::new())
    };
    ({ $($tt:tt)+ }) => {
        $crate::Value::Object({
            let mut object = $crate::value::Map::new();
            $crate::__json_internal!(@object object () ($($tt)+) ($($tt)+));
            object
        })
    };
    ($other:expr) => {{
        #[allow(unused_imports)]
        use $crate::value::macros::{Direct as _, ViaToJson as _};
        (&$crate::value::macros::Wrap(&$other)).__jetwire_json_value()
    }};
}

/// `vec!` for the `json!` macro's arrays.
#[macro_export]
#[doc(hidden)]
macro_rules! __json_vec {
    ($($content:tt)*) => {
        ::std::vec![$($content)*]
    };
}

/// An error pointing at an unexpected token in `json!`.
#[macro_export]
#[doc(hidden)]
macro_rules! __json_unexpected {
    () => {};
}

/// An error asking for an expression and a comma in `json!`.
#[macro_export]
#[doc(hidden)]
macro_rules! __json_expect_expr_comma {
    ($e:expr , $($tt:tt)*) => {};
}

/// An expression given to `json!`, borrowed.
#[doc(hidden)]
pub struct Wrap<'a, T: ?Sized>(pub &'a T);

/// Values that become a [`Value`] directly.
#[doc(hidden)]
pub trait DirectValue {
    /// The value.
    fn to_direct_value(&self) -> Value;
}

/// The conversion for [`DirectValue`] types, selected before [`ViaToJson`] by method resolution
/// (which tries `&Wrap<T>` before `&&Wrap<T>`). Unsuffixed number literals resolve here too, to
/// `i32` and `f64` as usual.
#[doc(hidden)]
pub trait Direct {
    /// The value.
    fn __jetwire_json_value(&self) -> Value;
}

impl<T: DirectValue + ?Sized> Direct for Wrap<'_, T> {
    #[inline]
    fn __jetwire_json_value(&self) -> Value {
        self.0.to_direct_value()
    }
}

/// Any other [`ToJson`](crate::ToJson) type: written as JSON and read back.
#[doc(hidden)]
pub trait ViaToJson {
    /// The value.
    fn __jetwire_json_value(&self) -> Value;
}

impl<T: crate::ToJson + ?Sized> ViaToJson for &Wrap<'_, T> {
    fn __jetwire_json_value(&self) -> Value {
        match super::to_value(self.0) {
            Ok(value) => value,
            Err(err) => panic!("json!: the value cannot be written as JSON: {err}"),
        }
    }
}

macro_rules! direct_copy {
    ($($ty:ty),*) => {$(
        impl DirectValue for $ty {
            #[inline]
            fn to_direct_value(&self) -> Value {
                Value::from(*self)
            }
        }
    )*};
}

direct_copy!(bool, u8, u16, u32, u64, u128, usize, i8, i16, i32, i64, i128, isize, f32, f64, char);

macro_rules! direct_clone {
    ($($ty:ty),*) => {$(
        impl DirectValue for $ty {
            #[inline]
            fn to_direct_value(&self) -> Value {
                Value::from(self.clone())
            }
        }
    )*};
}

direct_clone!(String, Value, Number, Map);

impl DirectValue for str {
    fn to_direct_value(&self) -> Value {
        Value::from(self)
    }
}

impl<T: DirectValue + ?Sized> DirectValue for &T {
    fn to_direct_value(&self) -> Value {
        (**self).to_direct_value()
    }
}
