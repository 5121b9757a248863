//! Signed calls of the HTTP contract and their answers, signed independently of the server.

use std::net::SocketAddr;

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::{Request, StatusCode};
use http_body_util::BodyExt;
use serde_json::{Value, json};
use tower::ServiceExt;

use adeval_server::http::sign;

use super::{ADMIN_PASSWORD, SECRET, TestApp, random_hex};

/// Renders payload fields the way docs/api.md ("Signing") signs them, independently of the server.
pub fn canonical_fields(fields: &Value) -> String {
    let mut pairs: Vec<(String, String)> = Vec::new();
    for (key, value) in fields.as_object().expect("fields are an object") {
        if let Some(text) = as_text(value).filter(|t| !t.is_empty()) {
            pairs.push((key.clone(), text));
        }
    }
    pairs.sort();
    pairs.iter().map(|(k, v)| format!("{k}={v}")).collect::<Vec<_>>().join("&")
}

/// A field as text: strings as they are, arrays comma-joined, null left out.
fn as_text(value: &Value) -> Option<String> {
    match value {
        Value::Null => None,
        Value::String(s) => Some(s.clone()),
        Value::Array(items) => Some(
            items
                .iter()
                .map(|v| v.as_str().map_or_else(|| v.to_string(), str::to_owned))
                .collect::<Vec<_>>()
                .join(","),
        ),
        other => Some(other.to_string()),
    }
}

/// How a request is signed; tests of signing alter one part.
#[derive(Clone)]
pub struct Signing {
    pub timestamp: i64,
    pub nonce: String,
    pub secret: String,
    /// Fields to sign instead of the ones sent (tampering).
    pub signed_fields: Option<Value>,
    pub omit: bool,
}

impl Default for Signing {
    fn default() -> Self {
        Self {
            timestamp: chrono::Utc::now().timestamp(),
            nonce: random_hex(24),
            secret: SECRET.into(),
            signed_fields: None,
            omit: false,
        }
    }
}

#[derive(Clone, Copy, PartialEq)]
pub enum Body_ {
    Json,
    Form,
}

pub struct Call<'a> {
    pub name: &'a str,
    pub post: bool,
    pub fields: Value,
    pub token: Option<&'a str>,
    pub signing: Signing,
    pub body: Body_,
    pub ip: Option<&'a str>,
}

impl<'a> Call<'a> {
    pub fn get(name: &'a str, fields: Value) -> Self {
        Self { name, post: false, fields, token: None, signing: Signing::default(), body: Body_::Json, ip: None }
    }

    pub fn post(name: &'a str, fields: Value) -> Self {
        Self { post: true, ..Self::get(name, fields) }
    }

    pub fn token(mut self, token: &'a str) -> Self {
        self.token = Some(token);
        self
    }

    pub fn form(mut self) -> Self {
        self.body = Body_::Form;
        self
    }

    pub fn with_ip(mut self, ip: &'a str) -> Self {
        self.ip = Some(ip);
        self
    }

    pub fn signing(mut self, signing: Signing) -> Self {
        self.signing = signing;
        self
    }

    fn pairs(&self) -> String {
        let mut out = form_urlencoded::Serializer::new(String::new());
        for (key, value) in self.fields.as_object().unwrap() {
            if let Some(text) = as_text(value) {
                out.append_pair(key, &text);
            }
        }
        out.finish()
    }

    pub fn request(&self) -> Request<Body> {
        let signed = self.signing.signed_fields.as_ref().unwrap_or(&self.fields);
        let canonical = sign::canonical(
            &canonical_fields(signed),
            &self.signing.timestamp.to_string(),
            &self.signing.nonce,
            &self.signing.secret,
        );
        let mut builder = Request::builder();
        let uri = format!("/background/v1/{}", self.name);
        let body = if self.post {
            builder = builder.method("POST").uri(uri);
            match self.body {
                Body_::Json => {
                    builder = builder.header("content-type", "application/json");
                    Body::from(self.fields.to_string())
                }
                Body_::Form => {
                    builder = builder.header("content-type", "application/x-www-form-urlencoded");
                    Body::from(self.pairs())
                }
            }
        } else {
            builder = builder.method("GET").uri(format!("{uri}?{}", self.pairs()));
            Body::empty()
        };
        if !self.signing.omit {
            builder = builder
                .header("timestamp", self.signing.timestamp.to_string())
                .header("nonce", &self.signing.nonce)
                .header("sign", sign::sign(&canonical));
        }
        if let Some(token) = self.token {
            builder = builder.header("Authorization", token).header("token", token);
        }
        let mut request = builder.body(body).unwrap();
        if let Some(ip) = self.ip {
            let addr: SocketAddr = format!("{ip}:40000").parse().unwrap();
            request.extensions_mut().insert(ConnectInfo(addr));
        }
        request
    }
}

/// An answer: HTTP status and the envelope.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> i64 {
        self.body["code"].as_i64().unwrap_or(-1)
    }

    pub fn data(&self) -> &Value {
        &self.body["data"]
    }

    /// The first message for a field of a 4000/4009 answer.
    pub fn field(&self, name: &str) -> Option<&str> {
        self.body["data"]["fields"][name][0].as_str()
    }

    #[track_caller]
    pub fn ok(&self) -> &Value {
        assert_eq!(self.code(), 200, "{:#}", self.body);
        assert_eq!(self.status, StatusCode::OK);
        self.data()
    }
}

impl TestApp {
    pub async fn send(&self, call: Call<'_>) -> Answer {
        self.raw(call.request()).await
    }

    pub async fn raw(&self, request: Request<Body>) -> Answer {
        let response = self.router.clone().oneshot(request).await.unwrap();
        let status = response.status();
        let bytes = response.into_body().collect().await.unwrap().to_bytes();
        let body = serde_json::from_slice(&bytes).unwrap_or_else(|_| {
            json!({ "raw": String::from_utf8_lossy(&bytes) })
        });
        Answer { status, body }
    }

    pub async fn login(&self, account: &str, password: &str) -> Answer {
        self.send(Call::post("adminUserLogin", json!({ "acc": account, "pwd": password })).form()).await
    }

    pub async fn admin_token(&self) -> String {
        let answer = self.login("admin", ADMIN_PASSWORD).await;
        answer.ok()["token"].as_str().unwrap().to_owned()
    }

    /// Creates an account directly in the database with the given rules and password.
    pub async fn create_account(&self, account: &str, rule_id: &str) -> i64 {
        let hash = adeval_server::auth::password::hash("secret-123").unwrap();
        sqlx::query_scalar(
            "insert into admins (name, account, password_hash, status, rule_id)
             values ($1, $1, $2, 1, $3) returning id",
        )
        .bind(account)
        .bind(hash)
        .bind(rule_id)
        .fetch_one(&self.db)
        .await
        .unwrap()
    }

    /// A single-use ticket for a download link or the socket, as the web app asks for one.
    pub async fn ticket(&self, token: &str) -> String {
        let answer = self.send(Call::post("ticket", json!({})).token(token)).await;
        answer.ok()["ticket"].as_str().unwrap().to_owned()
    }

    /// A fresh session for an account, without going through sign-in.
    pub async fn session(&self, admin_id: i64) -> String {
        let mut conn = self.db.acquire().await.unwrap();
        adeval_server::auth::session::create(&mut conn, admin_id, "127.0.0.1").await.unwrap()
    }
}
