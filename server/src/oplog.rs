//! The operation log: who wrote what, from where, when, with the request minus its secrets.

use serde_json::{Map, Value};
use sqlx::PgPool;

use crate::auth::Admin;
use crate::http::Payload;
use crate::http::call::Call;

pub struct Entry {
    pub title: &'static str,
    pub url: String,
    pub ip: String,
    pub detail: Value,
}

impl Entry {
    pub fn new(call: &Call, ip: &str, payload: &Payload) -> Self {
        Self {
            title: call.title,
            url: call.path(),
            ip: ip.to_owned(),
            detail: Value::Object(without_secrets(payload.to_map())),
        }
    }
}

fn is_secret(key: &str) -> bool {
    let key = key.to_ascii_lowercase();
    ["pwd", "password", "token", "secret", "sign", "nonce", "authorization"]
        .iter()
        .any(|s| key.contains(s))
}

pub fn without_secrets(mut map: Map<String, Value>) -> Map<String, Value> {
    map.retain(|key, _| !is_secret(key));
    map
}

pub async fn record(db: &PgPool, admin: Option<&Admin>, entry: Entry) -> sqlx::Result<()> {
    sqlx::query(
        "insert into admin_logs (admin_id, admin_name, title, url, ip, detail)
         values ($1, $2, $3, $4, $5, $6)",
    )
    .bind(admin.map(|a| a.id))
    .bind(admin.map(|a| a.name.as_str()).unwrap_or(""))
    .bind(entry.title)
    .bind(entry.url)
    .bind(entry.ip)
    .bind(entry.detail)
    .execute(db)
    .await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    #[test]
    fn secrets_are_left_out_of_the_detail() {
        let map = json!({"name": "x", "pwd": "1", "password": "2", "password_confirmation": "3",
                         "token": "4", "newPassword": "5", "account": "a"});
        let kept = super::without_secrets(map.as_object().unwrap().clone());
        assert_eq!(serde_json::Value::Object(kept), json!({"name": "x", "account": "a"}));
    }
}
