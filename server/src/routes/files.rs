//! The file list (docs/screens.md "Master-data screens" /file/fileIndex), upload policies (aliyunOssSign) and
//! downloads under `/files/...` with the session token in a header or a ticket (auth/ticket.rs)
//! in the `token` query parameter (a browser download can't set headers):
//! - `/files/upload/<id>`: an uploaded file under its original name, for holders of the file
//!   menu and for its uploader;
//! - `/files/exports/<random>/<name>.xlsx`: an export, for the account that made it and for
//!   holders of the menu of the call that made it (the `exports` record).

use axum::Extension;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::auth::menu::MENU_FILE;
use crate::auth::session::Admin;
use crate::auth::ticket;
use crate::auth::permission;
use crate::error::{AppError, Checks, Result};
use crate::http::args::{self, Day, Paging};
use crate::http::call::{Access, Call, Verb, schema_of, schema_with};
use crate::http::{Args, Done, Page, Text};
use crate::sql;
use crate::state::AppState;
use crate::storage::policy::{self, Grant, Signed};
use crate::storage::files::{FILE_SELECT, FileRow, labelled};
use crate::storage::{random_name, sniff, tags};

use super::Endpoint;

pub static INDEX: Call = Call {
    name: "fileIndex",
    verb: Verb::Get,
    access: Access::Menu(MENU_FILE),
    title: "文件列表",
    writes: false,
    request: schema_of::<FileArgs>(),
    response: schema_with::<Page<FileRow>, FileRow>(),
};

pub static SIGN: Call = Call {
    name: "aliyunOssSign",
    verb: Verb::Get,
    // Each tag's menu is checked by the handler.
    access: Access::SignedIn,
    title: "上传签名",
    writes: false,
    request: schema_of::<SignArgs>(),
    response: schema_of::<Signed>(),
};

pub fn endpoints() -> Vec<Endpoint> {
    vec![Endpoint { call: &INDEX, handler: get(index) }, Endpoint { call: &SIGN, handler: get(sign) }]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct FileArgs {
    page: Option<Text>,
    /// Default 30.
    limit: Option<Text>,
    /// Part of the original file name.
    #[serde(rename = "fileName")]
    file_name: Option<Text>,
    /// Part of the description.
    description: Option<Text>,
    /// One tag id, e.g. customerData.
    #[schema(value_type = Option<tags::FileTag>)]
    tags: Option<Text>,
    /// YYYY-MM-DD, inclusive.
    #[serde(rename = "createTimeAdd")]
    create_time_add: Option<Text>,
    /// YYYY-MM-DD, inclusive.
    #[serde(rename = "createTimeEnd")]
    create_time_end: Option<Text>,
}

async fn index(State(state): State<AppState>, Args(args): Args<FileArgs>) -> Result<Done<Page<FileRow>>> {
    let mut checks = Checks::default();
    let paging = Paging::parse(&args.page, &args.limit, 30, &mut checks);
    let from = Day::filter("createTimeAdd", &args.create_time_add, &mut checks);
    let to = Day::filter("createTimeEnd", &args.create_time_end, &mut checks);
    checks.finish()?;
    let (name, description, tag) = (args::text(&args.file_name), args::text(&args.description), args::text(&args.tags));
    let heads = ("select count(*) from files f", FILE_SELECT);
    let (rows, total): (Vec<FileRow>, i64) = sql::page(&state.db, heads, " order by f.id desc", paging.bounds(), |w| {
        w.contains("f.file_name", name.clone())
            .contains("f.description", description.clone())
            .eq("f.tags", tag.clone())
            .and("f.created_at >= ", from, "::date")
            .and("f.created_at < ", to, "::date + 1");
    })
    .await?;
    Ok(Done("获取成功", Page { data: rows.into_iter().map(labelled).collect(), total }))
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct SignArgs {
    /// orderTemplate, broadcastingCertificate, customerData, evaluation,
    /// alreadyUpsideDownThree or evaluationReport.
    #[schema(value_type = Option<tags::FileTag>)]
    tags: Option<Text>,
    /// The name of the chosen file (xls, xlsx or csv).
    #[serde(rename = "originalFileName")]
    original_file_name: Option<Text>,
    description: Option<Text>,
    /// JSON: `{"orderId": N}`, `{"category": 2, "source": 3, "belongingTo": 1}` (customer data,
    /// optionally with `"audienceCityGroupName"`: the group of rows that name none) or
    /// `{"orderId": N, "category": 2, "source": 3}` (正负三).
    #[serde(rename = "tagValue")]
    tag_value: Option<Text>,
}

async fn sign(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<SignArgs>) -> Result<Done<Signed>> {
    let mut checks = Checks::default();
    let tag = Text::get(&args.tags).and_then(tags::find);
    if tag.is_none() {
        checks.add("tags", "请选择文件标签");
    }
    let name = Text::get(&args.original_file_name).unwrap_or_default();
    if name.is_empty() {
        checks.add("originalFileName", "请选择文件");
    } else if sniff::extension(name).is_none() {
        checks.add("originalFileName", "只能上传 xls、xlsx 或 csv 文件");
    } else if name.chars().count() > 255 {
        checks.add("originalFileName", "文件名不能超过 255 个字符");
    }
    let description = Text::get(&args.description).unwrap_or_default().to_owned();
    if description.chars().count() > 500 {
        checks.add("description", "描述不能超过 500 个字符");
    }
    let tag_value = tag.map(|t| t.tag_value(Text::get(&args.tag_value), &mut checks));
    checks.finish()?;
    let (tag, mut tag_value) = (tag.expect("checked"), tag_value.expect("checked"));
    let mut conn = state.db.acquire().await?;
    permission::check(&mut conn, &admin, tag.menu).await?;
    if let Some(name) = tags::group_of(&tag_value) {
        // The group the import job gives rows without one, as the master data spells it.
        let Some(stored) = crate::imports::customer::group_named(&mut conn, name).await? else {
            return Err(AppError::field(tags::GROUP, "未知的受众/城市组，请重新选择"));
        };
        tag_value[tags::GROUP] = stored.into();
    }

    let now = chrono::Utc::now();
    let grant = Grant {
        dir: format!("uploads/{}/{}/", now.format("%Y%m%d"), random_name(16)),
        admin_id: admin.id,
        tags: tag.id.into(),
        original_file_name: name.to_owned(),
        description,
        tag_value,
        expire: now.timestamp() + policy::VALID_SECS,
    };
    Ok(Done("获取成功", policy::sign(&state.upload_key, &grant)))
}

#[derive(Deserialize)]
pub struct TokenQuery {
    token: Option<String>,
}

/// RFC 6266 attachment header, safe for Chinese names.
pub fn attachment(name: &str) -> HeaderValue {
    let ascii: String = name.chars().map(|c| if c.is_ascii_alphanumeric() || ".-_".contains(c) { c } else { '_' }).collect();
    let encoded: String = form_urlencoded::byte_serialize(name.as_bytes()).collect::<String>().replace('+', "%20");
    HeaderValue::from_str(&format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}"))
        .unwrap_or_else(|_| HeaderValue::from_static("attachment"))
}

pub async fn download(
    State(state): State<AppState>,
    Path(path): Path<String>,
    Query(query): Query<TokenQuery>,
    headers: HeaderMap,
) -> Result<Response> {
    let mut conn = state.db.acquire().await?;
    let admin = ticket::authenticate(&mut conn, query.token.as_deref(), &headers).await?;

    let not_found = || AppError::NotFound("文件不存在".into());
    let parts: Vec<&str> = path.split('/').collect();
    let (key, name, mime) = match parts.as_slice() {
        ["upload", id] => {
            let id: i64 = id.parse().map_err(|_| not_found())?;
            let row: Option<(String, String, String, Option<i64>)> =
                sqlx::query_as("select path, file_name, mime_type, admin_id from files where id = $1")
                    .bind(id)
                    .fetch_optional(&mut *conn)
                    .await?;
            let (key, name, mime, owner) = row.ok_or_else(not_found)?;
            if owner != Some(admin.id) {
                permission::check(&mut conn, &admin, MENU_FILE).await?;
            }
            (key, name, mime)
        }
        ["exports", id, name] => {
            let valid_id = id.len() == 32 && id.bytes().all(|b| b.is_ascii_hexdigit());
            if !valid_id || name.contains("..") || name.contains('\\') || !name.ends_with(".xlsx") {
                return Err(not_found());
            }
            let made: Option<(i64, Option<i64>)> = sqlx::query_as("select admin_id, menu_id from exports where id = $1")
                .bind(*id)
                .fetch_optional(&mut *conn)
                .await?;
            let (maker, menu) = made.ok_or_else(not_found)?;
            if maker != admin.id {
                permission::check(&mut conn, &admin, menu.ok_or(AppError::Forbidden)?).await?;
            }
            (format!("exports/{id}/{name}"), (*name).to_owned(), sniff::mime_type("xlsx").to_owned())
        }
        _ => return Err(not_found()),
    };
    drop(conn);
    let (size, stream) = state.store.get(&key).await?.ok_or_else(not_found)?;
    let body = axum::body::Body::from_stream(stream);
    let mime = HeaderValue::from_str(&mime).unwrap_or_else(|_| HeaderValue::from_static("application/octet-stream"));
    Ok((
        [
            (header::CONTENT_TYPE, mime),
            (header::CONTENT_LENGTH, HeaderValue::from(size)),
            (header::CONTENT_DISPOSITION, attachment(&name)),
        ],
        body,
    )
        .into_response())
}
