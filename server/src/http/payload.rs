//! The request payload: query parameters of a GET, top-level body fields of a POST (JSON or
//! form-encoded). Parsed once by the call guard, which signs over it, then handed to handlers
//! through [`Args`].

use std::collections::BTreeMap;

use axum::extract::FromRequestParts;
use axum::http::{Method, header, request::Parts};
use serde::de::DeserializeOwned;
use serde_json::value::RawValue;
use serde_json::{Map, Value};

use crate::error::{AppError, Result};

/// One top-level field: its value for deserialising and its text for the signature.
#[derive(Clone, Debug)]
pub struct Field {
    pub value: Value,
    /// The field rendered for the canonical string; `None` for empty and null values.
    pub signed: Option<String>,
}

#[derive(Clone, Debug, Default)]
pub struct Payload {
    pub fields: BTreeMap<String, Field>,
}

impl Payload {
    pub fn parse(parts: &Parts, body: &[u8]) -> Result<Self> {
        let payload = Self::read(parts, body)?;
        payload.refuse_nul()?;
        Ok(payload)
    }

    fn read(parts: &Parts, body: &[u8]) -> Result<Self> {
        if parts.method == Method::GET {
            return Ok(Self::from_pairs(parts.uri.query().unwrap_or("").as_bytes()));
        }
        if body.iter().all(u8::is_ascii_whitespace) {
            return Ok(Self::default());
        }
        let content_type = parts
            .headers
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("");
        if content_type.starts_with("application/x-www-form-urlencoded") {
            Ok(Self::from_pairs(body))
        } else {
            Self::from_json(body)
        }
    }

    /// Query strings and form bodies: every value is text; a repeated key (or `key[]`)
    /// collects its values comma-joined, the way the signature renders arrays.
    fn from_pairs(input: &[u8]) -> Self {
        let mut joined: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for (key, value) in form_urlencoded::parse(input) {
            let key = key.strip_suffix("[]").unwrap_or(&key).to_owned();
            joined.entry(key).or_default().push(value.into_owned());
        }
        let fields = joined
            .into_iter()
            .map(|(key, values)| {
                let text = values.join(",");
                let signed = (!text.is_empty()).then(|| text.clone());
                (key, Field { value: Value::String(text), signed })
            })
            .collect();
        Self { fields }
    }

    fn from_json(body: &[u8]) -> Result<Self> {
        let raw: BTreeMap<String, Box<RawValue>> = serde_json::from_slice(body)
            .map_err(|_| AppError::field("body", "请求内容必须是 JSON 对象或表单"))?;
        let mut fields = BTreeMap::new();
        for (key, raw) in raw {
            let value: Value = serde_json::from_str(raw.get())
                .map_err(|_| AppError::field("body", "请求内容必须是 JSON 对象或表单"))?;
            let signed = render(raw.get(), &value);
            fields.insert(key, Field { value, signed });
        }
        Ok(Self { fields })
    }

    /// Postgres text can't hold U+0000: a value carrying one would fail whatever statement
    /// binds it (a 500), and the operation log stores every payload. Refused here once for
    /// every call, naming the field, since no screen can type the character.
    fn refuse_nul(&self) -> Result<()> {
        for (key, field) in &self.fields {
            if key.contains('\0') {
                return Err(AppError::field("body", "参数格式错误：参数名含有不可见的空字符"));
            }
            if has_nul(&field.value) {
                return Err(AppError::field(key, format!("参数格式错误：{key} 含有不可见的空字符")));
            }
        }
        Ok(())
    }

    pub fn to_map(&self) -> Map<String, Value> {
        self.fields.iter().map(|(k, f)| (k.clone(), f.value.clone())).collect()
    }

    /// Whether this is a two-step update's typeY 1: its preview, a read (docs/api.md
    /// "Reads never write"), which the operation log does not record.
    pub fn is_preview(&self) -> bool {
        let text = match self.fields.get("typeY").map(|f| &f.value) {
            Some(Value::String(s)) => s.trim().to_owned(),
            Some(Value::Number(n)) => n.to_string(),
            _ => return false,
        };
        <super::args::TwoStep as super::args::Arg>::read(&text) == Some(super::args::TwoStep(1))
    }

    /// `key=value&…` over the non-empty fields, sorted by key.
    pub fn canonical_fields(&self) -> String {
        let mut out = String::new();
        for (key, field) in &self.fields {
            if let Some(text) = &field.signed {
                if !out.is_empty() {
                    out.push('&');
                }
                out.push_str(key);
                out.push('=');
                out.push_str(text);
            }
        }
        out
    }
}

/// Whether a value, or any text or key nested in it, contains U+0000.
fn has_nul(value: &Value) -> bool {
    match value {
        Value::String(s) => s.contains('\0'),
        Value::Array(items) => items.iter().any(has_nul),
        Value::Object(map) => map.iter().any(|(k, v)| k.contains('\0') || has_nul(v)),
        Value::Null | Value::Bool(_) | Value::Number(_) => false,
    }
}

/// Renders one JSON value as the signature sees it: numbers as written, arrays comma-joined,
/// objects as compact JSON with sorted keys, empty and null left out.
fn render(raw: &str, value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) if s.is_empty() => None,
        Value::String(s) => Some(s.clone()),
        Value::Number(_) => Some(raw.trim().to_owned()),
        Value::Bool(b) => Some(b.to_string()),
        Value::Array(items) if items.is_empty() => None,
        Value::Array(_) => {
            let raws: Vec<Box<RawValue>> = serde_json::from_str(raw).ok()?;
            let parts: Vec<String> = raws
                .iter()
                .map(|r| {
                    let v: Value = serde_json::from_str(r.get()).unwrap_or(Value::Null);
                    render(r.get(), &v).unwrap_or_default()
                })
                .collect();
            Some(parts.join(","))
        }
        // serde_json's default map is ordered, so this is compact JSON with sorted keys.
        Value::Object(_) => Some(value.to_string()),
    }
}

/// Deserialises a handler's arguments from the payload the guard parsed.
pub struct Args<T>(pub T);

impl<S: Send + Sync, T: DeserializeOwned> FromRequestParts<S> for Args<T> {
    type Rejection = AppError;

    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self> {
        let payload = parts.extensions.get::<Payload>().cloned().unwrap_or_default();
        serde_path_to_error::deserialize(Value::Object(payload.to_map())).map(Args).map_err(|e| mistake(&e))
    }
}

/// What [`Text`] says of a value that isn't text; [`mistake`] turns it into the message.
const NOT_TEXT: &str = "应为文本";

/// The 4000 for arguments of the wrong shape, on the field they failed on and in Chinese:
/// serde's own words (English, and without the field) must not reach the user.
fn mistake(e: &serde_path_to_error::Error<serde_json::Error>) -> AppError {
    let (field, path) = match e.path().iter().next() {
        Some(serde_path_to_error::Segment::Map { key }) => (key.clone(), e.path().to_string()),
        _ => ("body".to_owned(), "请求内容".to_owned()),
    };
    let inner = e.inner().to_string();
    // A struct's own `String` field (rather than a [`Text`]) says it in serde's words.
    let what = if inner == NOT_TEXT || inner.contains("expected a string") { NOT_TEXT } else { "格式不正确" };
    AppError::field(&field, format!("参数格式错误：{path} {what}"))
}

/// A scalar argument as text, whether it came as a JSON string, number or boolean or as a
/// form value. Handlers parse it into domain types with their own Chinese messages.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct Text(pub String);

impl Text {
    /// The trimmed text, `None` when blank.
    pub fn get(this: &Option<Text>) -> Option<&str> {
        this.as_ref().map(|t| t.0.trim()).filter(|s| !s.is_empty())
    }
}

impl<'de> serde::Deserialize<'de> for Text {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Self, D::Error> {
        match Value::deserialize(d)? {
            Value::String(s) => Ok(Text(s)),
            Value::Number(n) => Ok(Text(n.to_string())),
            Value::Bool(b) => Ok(Text(b.to_string())),
            Value::Null => Ok(Text(String::new())),
            Value::Array(items) => Ok(Text(
                items
                    .iter()
                    .map(|v| match v {
                        Value::String(s) => s.clone(),
                        other => other.to_string(),
                    })
                    .collect::<Vec<_>>()
                    .join(","),
            )),
            Value::Object(_) => Err(serde::de::Error::custom(NOT_TEXT)),
        }
    }
}

impl utoipa::PartialSchema for Text {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .description(Some("text; numbers are accepted as well"))
            .into()
    }
}

impl utoipa::ToSchema for Text {}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::Request;

    fn parts(method: Method, uri: &str, content_type: &str) -> Parts {
        let (parts, ()) = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::CONTENT_TYPE, content_type)
            .body(())
            .unwrap()
            .into_parts();
        parts
    }

    #[test]
    fn json_numbers_are_signed_as_written_and_arrays_comma_joined() {
        let body = br#"{"page": 1, "limit": 10.50, "ids": [3, "x"], "empty": "", "n": null, "o": {"b": 1, "a": [2]}}"#;
        let p = Payload::parse(&parts(Method::POST, "/", "application/json"), body).unwrap();
        assert_eq!(p.canonical_fields(), r#"ids=3,x&limit=10.50&o={"a":[2],"b":1}&page=1"#);
    }

    #[test]
    fn a_typey_of_1_as_number_text_or_form_value_is_a_preview() {
        let json = |body: &[u8]| Payload::parse(&parts(Method::POST, "/", "application/json"), body).unwrap().is_preview();
        assert!(json(br#"{"typeY": 1}"#) && json(br#"{"typeY": " 1 "}"#));
        assert!(!json(br#"{"typeY": 2}"#) && !json(br#"{"typeY": "x"}"#) && !json(br#"{"orderId": 1}"#));
        let form = Payload::parse(&parts(Method::POST, "/", "application/x-www-form-urlencoded"), b"typeY=1&orderId=3").unwrap();
        assert!(form.is_preview());
    }

    #[test]
    fn form_and_query_repeat_keys_join_with_commas() {
        let p = Payload::parse(&parts(Method::GET, "/?b=2&a%5B%5D=1&a[]=x&e=", ""), b"").unwrap();
        assert_eq!(p.canonical_fields(), "a=1,x&b=2");
        let body = b"acc=admin&pwd=12+34%26";
        let form = "application/x-www-form-urlencoded; charset=UTF-8";
        let p = Payload::parse(&parts(Method::POST, "/", form), body).unwrap();
        assert_eq!(p.canonical_fields(), "acc=admin&pwd=12 34&");
    }

    #[test]
    fn a_nul_anywhere_in_a_value_is_refused_on_its_field() {
        let json = "application/json";
        for body in [r#"{"a": "ok", "notes": "x\u0000y"}"#, r#"{"notes": [{"k": ["\u0000"]}]}"#, r#"{"notes": {"\u0000": 1}}"#] {
            let err = Payload::parse(&parts(Method::POST, "/", json), body.as_bytes()).unwrap_err();
            assert_eq!(format!("{err:?}"), format!("{:?}", AppError::field("notes", "参数格式错误：notes 含有不可见的空字符")), "{body}");
        }
        let form = "application/x-www-form-urlencoded";
        assert!(Payload::parse(&parts(Method::POST, "/", form), b"notes=x%00y").is_err());
        assert!(Payload::parse(&parts(Method::GET, "/?notes=%00", ""), b"").is_err());
        assert!(Payload::parse(&parts(Method::POST, "/", json), br#"{"notes": "x y", "n": 0}"#).is_ok());
    }

    #[derive(Debug, serde::Deserialize)]
    #[allow(dead_code)]
    struct Shapes {
        note: Option<Text>,
        name: Option<String>,
        ids: Option<Vec<i64>>,
    }

    /// The message [`Args`] answers for `body` read as [`Shapes`].
    async fn shape_error(body: &str) -> String {
        let mut parts = parts(Method::POST, "/", "application/json");
        parts.extensions.insert(Payload::parse(&parts, body.as_bytes()).unwrap());
        match Args::<Shapes>::from_request_parts(&mut parts, &()).await {
            Ok(Args(shapes)) => format!("{shapes:?}"),
            Err(e) => format!("{e:?}"),
        }
    }

    #[tokio::test]
    async fn a_value_of_the_wrong_shape_is_named_by_its_field_in_chinese() {
        let expect = |field: &str, message: &str| format!("{:?}", AppError::field(field, message));
        assert_eq!(shape_error(r#"{"note": {"a": 1}}"#).await, expect("note", "参数格式错误：note 应为文本"));
        assert_eq!(shape_error(r#"{"name": ["x"]}"#).await, expect("name", "参数格式错误：name 应为文本"));
        assert_eq!(shape_error(r#"{"ids": [1, "x"]}"#).await, expect("ids", "参数格式错误：ids[1] 格式不正确"));
        assert!(shape_error(r#"{"note": ["a", 1], "name": "n", "ids": [2]}"#).await.starts_with("Shapes"));
    }

    #[test]
    fn a_body_that_is_not_an_object_is_a_validation_error() {
        let err = Payload::parse(&parts(Method::POST, "/", "application/json"), b"[1]").unwrap_err();
        assert_eq!(err.code(), 4000);
    }
}
