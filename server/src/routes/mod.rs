//! The call catalogue. Each call is declared once, as a [`Call`] with its handler; the router,
//! the permission checks, the operation log titles and the OpenAPI document all come from
//! that one list.

pub mod accounts;
pub mod analysis;
pub mod auth;
pub mod customers;
pub mod dashboard;
pub mod files;
pub mod import_templates;
pub mod logs;
pub mod menus;
pub mod messages;
pub mod online_viewing;
pub mod orders;
pub mod openapi;
pub mod products;
pub mod profile;
pub mod settings;
pub mod suits;
pub mod tapes;
pub mod time_periods;
pub mod upload;
pub mod web;

use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::extract::State;
use axum::http::StatusCode;
use axum::middleware::from_fn_with_state;
use axum::response::IntoResponse;
use axum::routing::{MethodRouter, get, post};
use tower_http::services::ServeDir;
use tower_http::limit::RequestBodyLimitLayer;
use tower_http::timeout::TimeoutLayer;
use tower_http::trace::TraceLayer;

use crate::auth::guard::{BODY_LIMIT, Guard, guard};
use crate::error::AppError;
use crate::realtime;
use crate::state::AppState;

/// What a call is lives in `http::call`, below the guard and the operation log; it is named here
/// too, beside the list of endpoints, for readers of the catalogue (the API tests among them).
pub use crate::http::call::{Access, Call, Verb};

/// The handler of a [`Verb::GetOrPost`] call, for both methods.
pub fn get_or_post<H, T>(handler: H) -> MethodRouter<AppState>
where
    H: axum::handler::Handler<T, AppState>,
    T: 'static,
{
    get(handler.clone()).post(handler)
}

pub struct Endpoint {
    pub call: &'static Call,
    pub handler: MethodRouter<AppState>,
}

/// The export calls make the domain's maker from the call that makes the export.
impl crate::export::Maker {
    /// `admin` making an export through `call`: the file is theirs and that of the holders of
    /// the call's menu (the first, of a call several menus share).
    pub fn new(admin: &crate::auth::Admin, call: &Call) -> Self {
        let menu_id = match call.access {
            Access::Menu(menu) => Some(menu),
            Access::Menus(menus) => menus.first().copied(),
            Access::Public | Access::SignedIn => None,
        };
        Self { admin_id: admin.id, menu_id }
    }
}

/// Every call of the catalogue.
pub fn endpoints() -> Vec<Endpoint> {
    [
        auth::endpoints(),
        profile::endpoints(),
        accounts::endpoints(),
        logs::endpoints(),
        menus::endpoints(),
        settings::endpoints(),
        products::endpoints(),
        tapes::endpoints(),
        time_periods::endpoints(),
        suits::endpoints(),
        online_viewing::endpoints(),
        files::endpoints(),
        import_templates::endpoints(),
        customers::endpoints(),
        messages::endpoints(),
        orders::endpoints(),
        dashboard::endpoints(),
        analysis::endpoints(),
    ]
        .into_iter()
        .flatten()
        .collect()
}

pub fn app(state: AppState) -> Router {
    let mut api = Router::new();
    for Endpoint { call, handler } in endpoints() {
        let guarded = handler
            .fallback(wrong_method)
            .layer(from_fn_with_state(Guard { state: state.clone(), call }, guard));
        api = api.route(&call.path(), guarded);
    }
    // The page names the server's time zone (`web::page`): it answers `/`, `/index.html` and,
    // as a 404, every path that is no file of the app.
    let page = get(web::page);
    let web = ServeDir::new(&state.config.web_dir).not_found_service(page.clone().with_state(state.clone()));
    // Body limits and timeouts per route: calls are small and quick; uploads are large and
    // slow; the socket lives on.
    let api = api
        .route("/background/v1/openapi.json", get(openapi::serve))
        .route("/background/v1/{*rest}", axum::routing::any(unknown_call))
        .route("/healthz", get(healthz))
        .route("/", page.clone())
        .route("/index.html", page)
        .route("/files/{*path}", get(files::download))
        .layer(RequestBodyLimitLayer::new(2 * BODY_LIMIT))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(120)));
    let storage = Router::new()
        .route("/storage/upload", post(upload::upload))
        .layer(DefaultBodyLimit::max(upload::MAX_BODY_BYTES as usize))
        .layer(TimeoutLayer::with_status_code(StatusCode::REQUEST_TIMEOUT, Duration::from_secs(15 * 60)));
    api.merge(storage)
        .route("/background/v1/ws", get(realtime::ws::upgrade))
        .fallback_service(web)
        .layer(axum::middleware::map_response(crate::http::headers::security_headers))
        .layer(TraceLayer::new_for_http())
        .with_state(state)
}

async fn wrong_method() -> AppError {
    AppError::field("method", "请求方法错误")
}

async fn unknown_call() -> AppError {
    AppError::NotFound("接口不存在".into())
}

/// 200 when Postgres and the lake answer.
async fn healthz(State(state): State<AppState>) -> impl IntoResponse {
    let db = sqlx::query_scalar::<_, i32>("select 1").fetch_one(&state.db).await;
    let lake = state.reads.lake.ping();
    match (db, lake) {
        (Ok(_), Ok(())) => (StatusCode::OK, "ok").into_response(),
        (db, lake) => {
            tracing::error!(db = ?db.err(), lake = ?lake.err(), "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "unavailable").into_response()
        }
    }
}
