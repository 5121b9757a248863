//! Upload policies: aliyunOssSign answers a policy the server signed, in the shape of Aliyun
//! OSS's PostObject form (policy, callback, signature, accessid, dir, host, expire). The
//! storage endpoint takes a post only with a valid, unexpired policy whose key lies in its dir.
//!
//! `policy` is base64 JSON `{expiration, conditions: [["content-length-range", 1, max],
//! ["starts-with", "$key", dir]]}`; `callback` is base64 JSON whose `callbackBody` carries what
//! the file is for (tag, names, tagValue, uploader). `signature` is base64 HMAC-SHA256 over
//! `policy + "." + callback` with a key only the server holds (kept in Postgres, shared by every
//! process), so neither the purpose nor the uploader can be changed by the client.

use base64::Engine;
use base64::engine::general_purpose::STANDARD as B64;
use chrono::{DateTime, Utc};
use hmac::{Hmac, Mac};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use sha2::Sha256;

/// Largest accepted file.
pub const MAX_FILE_BYTES: u64 = 50 * 1024 * 1024;
/// Size of one chunk; the last may be smaller.
pub const CHUNK_BYTES: u64 = 10 * 1024 * 1024;
/// How long a signed policy can be used.
pub const VALID_SECS: i64 = 60 * 60;
/// `OSSAccessKeyId` of the built-in store.
pub const ACCESS_ID: &str = "adeval";
/// The built-in storage endpoint.
pub const HOST: &str = "/storage/upload";
/// Length of the random file name the client picks inside the dir.
pub const NAME_LEN: usize = 11;

/// What a policy grants: who may upload what, for which purpose, until when.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Grant {
    pub dir: String,
    #[serde(rename = "adminId")]
    pub admin_id: i64,
    pub tags: String,
    #[serde(rename = "originalFileName")]
    pub original_file_name: String,
    pub description: String,
    #[serde(rename = "tagValue")]
    pub tag_value: Value,
    pub expire: i64,
}

/// The answer of aliyunOssSign.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Signed {
    /// Key prefix: post the file as `dir + 11 random letters/digits + extension`.
    pub dir: String,
    pub policy: String,
    pub accessid: String,
    pub callback: String,
    pub signature: String,
    /// Where to post the multipart form.
    pub host: String,
    /// Unix seconds after which the policy is refused.
    pub expire: i64,
}

fn mac(key: &[u8], policy: &str, callback: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(policy.as_bytes());
    mac.update(b".");
    mac.update(callback.as_bytes());
    mac
}

pub fn sign(key: &[u8], grant: &Grant) -> Signed {
    let expiration = DateTime::<Utc>::from_timestamp(grant.expire, 0).unwrap_or_default();
    let policy = B64.encode(
        json!({
            "expiration": expiration.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            "conditions": [["content-length-range", 1, MAX_FILE_BYTES], ["starts-with", "$key", grant.dir]],
        })
        .to_string(),
    );
    let callback = B64.encode(
        json!({
            "callbackUrl": HOST,
            "callbackBody": grant,
            "callbackBodyType": "application/json",
        })
        .to_string(),
    );
    let signature = B64.encode(mac(key, &policy, &callback).finalize().into_bytes());
    Signed { dir: grant.dir.clone(), policy, accessid: ACCESS_ID.into(), callback, signature, host: HOST.into(), expire: grant.expire }
}

/// Why a post's policy was refused (answered as 4000 on the named field).
#[derive(Debug, PartialEq, Eq)]
pub struct Refused {
    pub field: &'static str,
    pub message: &'static str,
}

const fn refused(field: &'static str, message: &'static str) -> Refused {
    Refused { field, message }
}

/// The form fields of a post, as received.
pub struct Posted<'a> {
    pub key: &'a str,
    pub policy: &'a str,
    pub access_id: &'a str,
    pub callback: &'a str,
    pub signature: &'a str,
}

/// Checks a post against its policy and answers the grant.
pub fn verify(key: &[u8], post: &Posted<'_>, now: i64) -> Result<Grant, Refused> {
    if post.access_id != ACCESS_ID {
        return Err(refused("OSSAccessKeyId", "无效的上传凭证"));
    }
    let signature = B64.decode(post.signature).map_err(|_| refused("signature", "上传签名无效"))?;
    mac(key, post.policy, post.callback)
        .verify_slice(&signature)
        .map_err(|_| refused("signature", "上传签名无效"))?;
    let callback: Value = B64
        .decode(post.callback)
        .ok()
        .and_then(|b| serde_json::from_slice(&b).ok())
        .ok_or(refused("callback", "上传回调无效"))?;
    let grant: Grant =
        serde_json::from_value(callback["callbackBody"].clone()).map_err(|_| refused("callback", "上传回调无效"))?;
    if now > grant.expire {
        return Err(refused("policy", "上传凭证已过期，请重新上传"));
    }
    let name = post.key.strip_prefix(grant.dir.as_str()).ok_or(refused("key", "上传路径无效"))?;
    let valid_name = name.split_once('.').is_some_and(|(stem, ext)| {
        stem.len() == NAME_LEN && stem.bytes().all(|b| b.is_ascii_alphanumeric()) && super::sniff::EXTENSIONS.contains(&ext)
    });
    if !valid_name {
        return Err(refused("key", "上传路径无效"));
    }
    Ok(grant)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn grant() -> Grant {
        Grant {
            dir: "uploads/20261121/abc/".into(),
            admin_id: 3,
            tags: "customerData".into(),
            original_file_name: "客户数据.xlsx".into(),
            description: String::new(),
            tag_value: json!({"category": 2, "source": 3, "belongingTo": 1}),
            expire: 2_000,
        }
    }

    fn post<'a>(s: &'a Signed, key: &'a str) -> Posted<'a> {
        Posted { key, policy: &s.policy, access_id: &s.accessid, callback: &s.callback, signature: &s.signature }
    }

    #[test]
    fn a_signed_policy_verifies_and_carries_its_grant() {
        let s = sign(b"k", &grant());
        assert_eq!(verify(b"k", &post(&s, "uploads/20261121/abc/Abcdefghij1.xlsx"), 1_000), Ok(grant()));
    }

    #[test]
    fn tampering_expiry_and_foreign_keys_are_refused() {
        let s = sign(b"k", &grant());
        let good_key = "uploads/20261121/abc/Abcdefghij1.xlsx";
        assert_eq!(verify(b"other", &post(&s, good_key), 1_000).unwrap_err().field, "signature");
        assert_eq!(verify(b"k", &post(&s, good_key), 2_001).unwrap_err().field, "policy");
        for key in ["uploads/20261121/other/Abcdefghij1.xlsx", "uploads/20261121/abc/short.xlsx", "uploads/20261121/abc/../../Abcdefghij1.xlsx", "uploads/20261121/abc/Abcdefghij1.exe"] {
            assert_eq!(verify(b"k", &post(&s, key), 1_000).unwrap_err().field, "key", "{key}");
        }
        // A callback from another grant does not fit this signature.
        let mut other = grant();
        other.admin_id = 1;
        let forged = sign(b"k", &other);
        let mixed = Posted { callback: &forged.callback, ..post(&s, good_key) };
        assert_eq!(verify(b"k", &mixed, 1_000).unwrap_err().field, "signature");
        let wrong_id = Posted { access_id: "x", ..post(&s, good_key) };
        assert_eq!(verify(b"k", &wrong_id, 1_000).unwrap_err().field, "OSSAccessKeyId");
    }
}
