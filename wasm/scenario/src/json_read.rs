//! Typed reading of JSON text with the path of the field that failed.
//!
//! The text is parsed once into a `serde_json::Value`; a typed value is then
//! read from that tree by [`At`], a deserializer over one node that knows
//! nothing of its place: when a field fails, the error climbs back through
//! the arrays and objects above it and each adds its index or key. So the
//! path costs nothing on success, and every type is deserialized by this one
//! deserializer only. That matters for size: serde's code is instantiated
//! once per (type, deserializer) pair and is most of the WebAssembly module;
//! a wrapper that tracks the path while it reads (`serde_path_to_error`)
//! instantiates every type a second time through its wrappers.
//!
//! Values are bit-identical to reading the text with `serde_json` directly:
//! numbers are parsed by the same parser (with `float_roundtrip`) and handed
//! to the visitors as `u64`, `i64` or `f64` exactly as `serde_json` does, so
//! the messages ("invalid type: …, expected …", "unknown field …", "missing
//! field …") are serde's own; they carry the path instead of a line and
//! column.

use std::fmt;

use serde::de::{
    self, value::BorrowedStrDeserializer, DeserializeOwned, DeserializeSeed, EnumAccess, Expected,
    IntoDeserializer, MapAccess, SeqAccess, Unexpected, VariantAccess, Visitor,
};
use serde::forward_to_deserialize_any;
use serde_json::{Map, Number, Value};

/// A failed read: serde's message and where it happened.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadError {
    message: String,
    /// Segments from the failing node up to the root (reversed on display).
    segments: Vec<Segment>,
}

#[derive(Debug, Clone, PartialEq)]
enum Segment {
    Index(usize),
    Key(String),
}

impl ReadError {
    /// The path of the failing field in the form `devices[2].price`; `.` for
    /// the document itself (a syntax error, or a problem of the top level).
    pub fn path(&self) -> String {
        if self.segments.is_empty() {
            return ".".into();
        }
        let mut out = String::new();
        for segment in self.segments.iter().rev() {
            match segment {
                Segment::Index(i) => out.push_str(&format!("[{i}]")),
                Segment::Key(k) => {
                    if !out.is_empty() {
                        out.push('.');
                    }
                    out.push_str(k);
                }
            }
        }
        out
    }

    /// Serde's message (or the parser's, with its line and column).
    pub fn message(&self) -> &str {
        &self.message
    }

    #[inline(never)]
    fn under(mut self, segment: Segment) -> Self {
        self.segments.push(segment);
        self
    }
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path(), self.message)
    }
}

impl std::error::Error for ReadError {}

impl de::Error for ReadError {
    fn custom<T: fmt::Display>(msg: T) -> Self {
        ReadError {
            message: msg.to_string(),
            segments: Vec::new(),
        }
    }
}

/// Read a `T` from JSON text; on failure, the message and the field's path.
pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, ReadError> {
    T::deserialize(At(&parse_tree(text)?))
}

/// The text as a tree. Not generic and never inlined, so the JSON parser is
/// compiled once, here, and not again in every crate that calls
/// [`from_json`] or reads JSON of its own ([`parse_object`]).
#[inline(never)]
fn parse_tree(text: &str) -> Result<Value, ReadError> {
    serde_json::from_str(text).map_err(|e| ReadError {
        message: e.to_string(),
        segments: Vec::new(),
    })
}

/// One JSON object (a line of a JSON-lines log), parsed by the same parser
/// as every other input, so no other crate compiles serde_json's own.
pub fn parse_object(text: &str) -> Result<Map<String, Value>, String> {
    match parse_tree(text) {
        Ok(Value::Object(m)) => Ok(m),
        Ok(v) => Err(format!(
            "found {} instead",
            match v {
                Value::Array(_) => "an array",
                Value::String(_) => "a string",
                Value::Number(_) => "a number",
                Value::Bool(_) => "true or false",
                _ => "null",
            }
        )),
        Err(e) => Err(e.message),
    }
}

/// A deserializer over one node of the parsed tree.
struct At<'a>(&'a Value);

/// Every numeric type reads a JSON number the same way (the visitor checks
/// the range): as `deserialize_f64` does.
macro_rules! numbers_as_f64 {
    ($($method:ident)*) => {
        $(
            fn $method<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
                self.deserialize_f64(visitor)
            }
        )*
    };
}

impl<'de> de::Deserializer<'de> for At<'de> {
    type Error = ReadError;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            Value::Bool(b) => visitor.visit_bool(*b),
            Value::Number(n) => visit_number(n, visitor),
            Value::String(s) => visitor.visit_borrowed_str(s),
            Value::Array(items) => visit_array(items, visitor),
            Value::Object(map) => visit_object(map, visitor),
        }
    }

    fn deserialize_option<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Null => visitor.visit_none(),
            _ => visitor.visit_some(self),
        }
    }

    // The methods below call only the visitor method their JSON type can
    // feed, where `deserialize_any` would instantiate every `visit_*` of
    // every visitor (most of them serde's "invalid type" default): that is
    // the difference between this reader shrinking the module and growing it.

    fn deserialize_bool<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Bool(b) => visitor.visit_bool(*b),
            other => Err(wrong_type(other, &visitor)),
        }
    }

    fn deserialize_f64<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Number(n) => visit_number(n, visitor),
            other => Err(wrong_type(other, &visitor)),
        }
    }

    numbers_as_f64!(
        deserialize_f32
        deserialize_u64
        deserialize_u32
        deserialize_u16
        deserialize_u8
        deserialize_i64
        deserialize_i32
        deserialize_i16
        deserialize_i8
    );

    fn deserialize_str<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::String(s) => visitor.visit_borrowed_str(s),
            other => Err(wrong_type(other, &visitor)),
        }
    }

    fn deserialize_string<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_identifier<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        self.deserialize_str(visitor)
    }

    fn deserialize_unit<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Null => visitor.visit_unit(),
            other => Err(wrong_type(other, &visitor)),
        }
    }

    fn deserialize_seq<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Array(items) => visit_array(items, visitor),
            other => Err(wrong_type(other, &visitor)),
        }
    }

    fn deserialize_tuple<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        self.deserialize_seq(visitor)
    }

    fn deserialize_map<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::Object(map) => visit_object(map, visitor),
            other => Err(wrong_type(other, &visitor)),
        }
    }

    /// An object only. serde_json also takes an array of the fields in
    /// order, which nobody writes by hand and which would instantiate every
    /// struct's `visit_seq` (about a third of the deserialiser's code).
    fn deserialize_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        self.deserialize_map(visitor)
    }

    fn deserialize_newtype_struct<V: Visitor<'de>>(
        self,
        _name: &'static str,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        visitor.visit_newtype_struct(self)
    }

    /// Externally tagged: `"variant"` or `{"variant": content}`.
    fn deserialize_enum<V: Visitor<'de>>(
        self,
        _name: &'static str,
        _variants: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        match self.0 {
            Value::String(s) => visitor.visit_enum(s.as_str().into_deserializer()),
            Value::Object(map) => match single_entry(map) {
                Some((variant, content)) => visitor.visit_enum(Variant { variant, content }),
                None => Err(de::Error::invalid_value(
                    Unexpected::Map,
                    &"map with a single key",
                )),
            },
            other => Err(wrong_type(other, &"string or map")),
        }
    }

    fn deserialize_ignored_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, ReadError> {
        visitor.visit_unit()
    }

    forward_to_deserialize_any! {
        i128 u128 char bytes byte_buf unit_struct tuple_struct
    }
}

/// A number as serde_json hands it over: non-negative integers as u64,
/// negative ones as i64, everything else as f64.
fn visit_number<'de, V: Visitor<'de>>(n: &Number, visitor: V) -> Result<V::Value, ReadError> {
    if let Some(u) = n.as_u64() {
        visitor.visit_u64(u)
    } else if let Some(i) = n.as_i64() {
        visitor.visit_i64(i)
    } else {
        visitor.visit_f64(n.as_f64().unwrap_or(f64::NAN))
    }
}

fn visit_array<'de, V: Visitor<'de>>(
    items: &'de [Value],
    visitor: V,
) -> Result<V::Value, ReadError> {
    let mut seq = Items {
        items: items.iter(),
        index: 0,
    };
    let out = visitor.visit_seq(&mut seq)?;
    match seq.items.len() {
        0 => Ok(out),
        _ => Err(de::Error::invalid_length(
            items.len(),
            &"fewer elements in array",
        )),
    }
}

fn visit_object<'de, V: Visitor<'de>>(
    map: &'de Map<String, Value>,
    visitor: V,
) -> Result<V::Value, ReadError> {
    let mut access = Entries {
        entries: map.iter(),
        pending: None,
    };
    let out = visitor.visit_map(&mut access)?;
    match access.entries.len() {
        0 => Ok(out),
        _ => Err(de::Error::invalid_length(
            map.len(),
            &"fewer elements in map",
        )),
    }
}

/// serde's "invalid type: …, expected …" for a node of the wrong JSON type.
#[inline(never)]
fn wrong_type(value: &Value, expected: &dyn Expected) -> ReadError {
    de::Error::invalid_type(unexpected(value), expected)
}

fn single_entry(map: &Map<String, Value>) -> Option<(&str, &Value)> {
    let mut entries = map.iter();
    match (entries.next(), entries.next()) {
        (Some((k, v)), None) => Some((k.as_str(), v)),
        _ => None,
    }
}

fn unexpected(value: &Value) -> Unexpected<'_> {
    match value {
        Value::Null => Unexpected::Unit,
        Value::Bool(b) => Unexpected::Bool(*b),
        Value::Number(n) => match (n.as_u64(), n.as_i64()) {
            (Some(u), _) => Unexpected::Unsigned(u),
            (None, Some(i)) => Unexpected::Signed(i),
            _ => Unexpected::Float(n.as_f64().unwrap_or(f64::NAN)),
        },
        Value::String(s) => Unexpected::Str(s),
        Value::Array(_) => Unexpected::Seq,
        Value::Object(_) => Unexpected::Map,
    }
}

/// The elements of an array, each failure marked with its index.
struct Items<'a> {
    items: std::slice::Iter<'a, Value>,
    index: usize,
}

impl<'de> SeqAccess<'de> for &mut Items<'de> {
    type Error = ReadError;

    fn next_element_seed<T: DeserializeSeed<'de>>(
        &mut self,
        seed: T,
    ) -> Result<Option<T::Value>, ReadError> {
        let Some(item) = self.items.next() else {
            return Ok(None);
        };
        let index = self.index;
        self.index += 1;
        seed.deserialize(At(item))
            .map(Some)
            .map_err(|e| e.under(Segment::Index(index)))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.items.len())
    }
}

/// The entries of an object, each failure (of the key or of its value)
/// marked with the key.
struct Entries<'a> {
    entries: serde_json::map::Iter<'a>,
    pending: Option<(&'a str, &'a Value)>,
}

impl<'de> MapAccess<'de> for &mut Entries<'de> {
    type Error = ReadError;

    fn next_key_seed<K: DeserializeSeed<'de>>(
        &mut self,
        seed: K,
    ) -> Result<Option<K::Value>, ReadError> {
        let Some((key, value)) = self.entries.next() else {
            return Ok(None);
        };
        self.pending = Some((key, value));
        seed.deserialize(BorrowedStrDeserializer::new(key))
            .map(Some)
            .map_err(|e: ReadError| e.under(Segment::Key(key.clone())))
    }

    fn next_value_seed<V: DeserializeSeed<'de>>(&mut self, seed: V) -> Result<V::Value, ReadError> {
        let Some((key, value)) = self.pending.take() else {
            return Err(de::Error::custom("a map value was read before its key"));
        };
        seed.deserialize(At(value))
            .map_err(|e| e.under(Segment::Key(key.to_string())))
    }

    fn size_hint(&self) -> Option<usize> {
        Some(self.entries.len())
    }
}

/// `{"variant": content}` of an externally tagged enum.
struct Variant<'a> {
    variant: &'a str,
    content: &'a Value,
}

impl<'de> EnumAccess<'de> for Variant<'de> {
    type Error = ReadError;
    type Variant = Content<'de>;

    fn variant_seed<S: DeserializeSeed<'de>>(
        self,
        seed: S,
    ) -> Result<(S::Value, Content<'de>), ReadError> {
        let variant = self.variant;
        let tag = seed
            .deserialize(BorrowedStrDeserializer::new(variant))
            .map_err(|e: ReadError| e.under(Segment::Key(variant.to_string())))?;
        Ok((
            tag,
            Content {
                variant,
                value: self.content,
            },
        ))
    }
}

/// The content of an enum variant, failures marked with the variant's name.
struct Content<'a> {
    variant: &'a str,
    value: &'a Value,
}

impl<'de> Content<'de> {
    fn mark(&self, e: ReadError) -> ReadError {
        e.under(Segment::Key(self.variant.to_string()))
    }
}

impl<'de> VariantAccess<'de> for Content<'de> {
    type Error = ReadError;

    fn unit_variant(self) -> Result<(), ReadError> {
        match self.value {
            Value::Null => Ok(()),
            other => Err(self.mark(de::Error::invalid_type(unexpected(other), &"unit variant"))),
        }
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, ReadError> {
        seed.deserialize(At(self.value)).map_err(|e| self.mark(e))
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        de::Deserializer::deserialize_seq(At(self.value), visitor).map_err(|e| self.mark(e))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, ReadError> {
        de::Deserializer::deserialize_struct(At(self.value), "", &[], visitor)
            .map_err(|e| self.mark(e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde::Deserialize;
    use std::collections::BTreeMap;

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Inner {
        x: f64,
        #[serde(default)]
        n: Option<u32>,
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(rename_all = "snake_case")]
    enum Shape {
        Dot,
        Line { length: f64 },
        Scale(f64),
    }

    #[derive(Debug, Deserialize, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct Outer {
        items: Vec<Inner>,
        shape: Shape,
        #[serde(default)]
        named: BTreeMap<String, u8>,
    }

    /// serde_path_to_error's path and serde_json's message, without the
    /// " at line L column C" serde_json appends when it reads the text.
    fn reference<T: DeserializeOwned + fmt::Debug>(text: &str) -> Result<T, (String, String)> {
        let de = &mut serde_json::Deserializer::from_str(text);
        serde_path_to_error::deserialize(de).map_err(|e| {
            let message = e.inner().to_string();
            let message = match message.find(" at line ") {
                Some(at) => message[..at].to_string(),
                None => message,
            };
            (e.path().to_string(), message)
        })
    }

    fn ours<T: DeserializeOwned>(text: &str) -> Result<T, (String, String)> {
        from_json(text).map_err(|e| (e.path(), e.message().to_string()))
    }

    #[test]
    fn values_and_errors_match_the_path_tracking_reader() {
        let cases = [
            r#"{"items": [{"x": 1.5}, {"x": 2, "n": 3}], "shape": "dot"}"#,
            r#"{"items": [], "shape": {"line": {"length": 0.1}}, "named": {"a": 1}}"#,
            r#"{"items": [], "shape": {"scale": 1e-300}}"#,
            r#"{"items": [{"x": 1.5}, {"x": "two"}], "shape": "dot"}"#,
            r#"{"items": [{"x": 1.5, "y": 1}], "shape": "dot"}"#,
            r#"{"items": [{"n": 1}], "shape": "dot"}"#,
            r#"{"items": [{"x": 1, "n": -1}], "shape": "dot"}"#,
            r#"{"items": [{"x": 1, "n": 5000000000}], "shape": "dot"}"#,
            r#"{"items": [{"x": 1, "n": 1.5}], "shape": "dot"}"#,
            r#"{"items": [], "shape": "circle"}"#,
            r#"{"items": [], "shape": {"line": {"length": "x"}}}"#,
            r#"{"items": [], "shape": "dot", "named": {"a": 300}}"#,
            r#"{"items": [], "shape": "dot", "extra": true}"#,
            r#"{"shape": "dot"}"#,
            r#"{"items": {"x": 1}, "shape": "dot"}"#,
        ];
        for text in cases {
            assert_eq!(ours::<Outer>(text), reference::<Outer>(text), "{text}");
        }
    }

    /// The streaming reader fails inside the first variant before it sees
    /// the second key; the tree shows both, so the message names the shape.
    #[test]
    fn shapes_serde_json_reads_differently_get_clear_messages() {
        let e =
            from_json::<Outer>(r#"{"items": [], "shape": {"line": {}, "dot": null}}"#).unwrap_err();
        assert_eq!(e.path(), "shape");
        assert_eq!(
            e.message(),
            "invalid value: map, expected map with a single key"
        );
        // serde_json would read a struct from an array of its fields; nobody
        // writes a scenario that way, so it is refused with the type.
        let e = from_json::<Outer>(r#"[[], "dot"]"#).unwrap_err();
        assert_eq!(e.path(), ".");
        assert_eq!(e.message(), "invalid type: sequence, expected struct Outer");
        // serde_json's streaming reader says only "expected value" here.
        let e = from_json::<Outer>(r#"{"items": [], "shape": 3}"#).unwrap_err();
        assert_eq!(e.path(), "shape");
        assert_eq!(
            e.message(),
            "invalid type: integer `3`, expected string or map"
        );
    }

    #[test]
    fn floats_are_read_bit_for_bit() {
        for x in [
            0.1f64,
            1.0 / 3.0,
            2.5e-308,
            1.7976931348623157e308,
            -0.0,
            123456.789,
        ] {
            let text = serde_json::to_string(&x).unwrap();
            let back: f64 = from_json(&text).unwrap();
            assert_eq!(back.to_bits(), x.to_bits(), "{text}");
        }
    }

    #[test]
    fn syntax_errors_keep_the_parser_position() {
        let e = from_json::<Outer>("{\"items\": [\n  {\"x\": 1,}\n]}").unwrap_err();
        assert_eq!(e.path(), ".");
        assert!(e.message().contains("line 2"), "{}", e.message());
    }
}
