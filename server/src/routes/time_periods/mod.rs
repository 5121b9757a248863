//! Time periods and their classes (docs/screens.md "Master-data screens" 时段管理, "Master-data validation" time-period dialog and class
//! form): a media's broadcast-day slots, each in at most one named class (时段归纳).
//!
//! `timePeriodIndex` answers the screen's tree: one page of groups — a class, or a media's
//! unclassified periods under 未归纳 — each with its periods as children.
//!
//! A class is added and edited from the time-period screen and from the orders' 汇总 dialog
//! (docs/screens.md "Summary dialog" "time-period grouping add/edit"), so timePeriodClassAdd / Up are open to
//! the accounts of either menu; deleting one stays with the time-period screen.

mod classes;
mod index;
mod periods;

use axum::routing::{get, post};
use serde::Serialize;
use sqlx::PgConnection;
use utoipa::ToSchema;

use crate::auth::menu::{MENU_ORDER, MENU_TIME_PERIOD};
use crate::clock::LocalTime;
use crate::error::{Checks, Result};
use crate::http::args::{Id, IdArgs};
use crate::http::call::Call;
use crate::http::{Page, Text};

use super::Endpoint;

pub use classes::{ClassArgs, ClassDelArgs, ClassListArgs, TimePeriodClassRow};
pub use index::{TimePeriodGroup, TimePeriodIndexArgs};
pub use periods::TimePeriodArgs;

pub static INDEX: Call = Call::get("timePeriodIndex", "时段列表")
    .menu(MENU_TIME_PERIOD)
    .takes::<TimePeriodIndexArgs>()
    .answers_with::<Page<TimePeriodGroup>, TimePeriodGroup>();
pub static ADD: Call = Call::post("timePeriodAdd", "添加时段")
    .menu(MENU_TIME_PERIOD)
    .writes()
    .takes::<TimePeriodArgs>()
    .answers::<TimePeriodRow>();
pub static UP: Call = Call::post("timePeriodUp", "修改时段")
    .menu(MENU_TIME_PERIOD)
    .writes()
    .takes::<TimePeriodArgs>()
    .answers::<TimePeriodRow>();
pub static DEL: Call = Call::post("timePeriodDel", "删除时段").menu(MENU_TIME_PERIOD).writes().takes::<IdArgs>();
pub static CLASS_LIST: Call = Call::get("timePeriodClassList", "时段归纳选项")
    .takes::<ClassListArgs>()
    .answers_with::<Vec<TimePeriodClassRow>, TimePeriodClassRow>();
/// The menus whose screens add and edit a class: 时段管理 and 订单 (its 汇总 dialog).
const CLASS_MENUS: &[i64] = &[MENU_TIME_PERIOD, MENU_ORDER];

pub static CLASS_ADD: Call = Call::post("timePeriodClassAdd", "添加时段归纳")
    .menus(CLASS_MENUS)
    .writes()
    .takes::<ClassArgs>()
    .answers::<TimePeriodClassRow>();
pub static CLASS_UP: Call = Call::post("timePeriodClassUp", "修改时段归纳")
    .menus(CLASS_MENUS)
    .writes()
    .takes::<ClassArgs>()
    .answers::<TimePeriodClassRow>();
pub static CLASS_DEL: Call = Call::post("timePeriodClassDel", "删除时段归纳")
    .menu(MENU_TIME_PERIOD)
    .writes()
    .takes::<ClassDelArgs>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &INDEX, handler: get(index::index) },
        Endpoint { call: &ADD, handler: post(periods::add) },
        Endpoint { call: &UP, handler: post(periods::up) },
        Endpoint { call: &DEL, handler: post(periods::delete) },
        Endpoint { call: &CLASS_LIST, handler: get(classes::list) },
        Endpoint { call: &CLASS_ADD, handler: post(classes::add) },
        Endpoint { call: &CLASS_UP, handler: post(classes::up) },
        Endpoint { call: &CLASS_DEL, handler: post(classes::delete) },
    ]
}

/// A media as rows show it: `media: {mediaName}`.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
pub struct TimePeriodMedia {
    #[serde(rename = "mediaName")]
    pub media_name: String,
}

/// One time period.
#[derive(Serialize, ToSchema, sqlx::FromRow)]
#[serde(rename_all = "camelCase")]
pub struct TimePeriodRow {
    pub id: i64,
    pub time_period_name: String,
    pub media_id: i64,
    #[sqlx(flatten)]
    pub media: TimePeriodMedia,
    /// Start, `HH:mm:ss` of the broadcast day (up to 29:59:59).
    pub pre_broadcast_time_forma: String,
    /// End, `HH:mm:ss`.
    pub pre_broadcast_time_forma_end: String,
    /// The class (时段归纳) it belongs to, if any.
    pub class_id: Option<i64>,
    pub time_period_class_name: Option<String>,
    pub update_time: LocalTime,
    pub create_time: LocalTime,
}

/// The SQL rendering of a seconds column as `HH:mm:ss` (hours may pass 24).
pub fn hms(column: &str) -> String {
    format!(
        "(lpad(({column} / 3600)::text, 2, '0') || ':' || lpad(({column} % 3600 / 60)::text, 2, '0') || ':' || lpad(({column} % 60)::text, 2, '0'))"
    )
}

/// The select of [`TimePeriodRow`] over `time_periods tp`.
pub fn select_period() -> String {
    format!(
        "select tp.id, tp.time_period_name, tp.media_id, m.media_name,
                {} as pre_broadcast_time_forma, {} as pre_broadcast_time_forma_end,
                tp.class_id, c.class_name as time_period_class_name,
                tp.updated_at::timestamp as update_time,
                tp.created_at::timestamp as create_time
         from time_periods tp
         join media m on m.id = tp.media_id
         left join time_period_classes c on c.id = tp.class_id",
        hms("tp.start_secs"),
        hms("tp.end_secs"),
    )
}

/// The required media of a form: `请选择媒体名称` when missing, `媒体不存在` when unknown.
pub async fn media_field(conn: &mut PgConnection, value: &Option<Text>, checks: &mut Checks) -> Result<i64> {
    let id = Id::picked("mediaId", value, "请选择媒体名称", checks);
    if id > 0 {
        crate::master::media::check(conn, id, checks).await?;
    }
    Ok(id)
}
