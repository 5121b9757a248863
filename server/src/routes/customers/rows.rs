//! A customer viewing row as the list and the export show it.

use adeval_engine::ViewingRow;
use chrono::{Datelike, NaiveDate};
use serde::Serialize;
use utoipa::ToSchema;

use crate::clock::{LocalTime, Zone};
use crate::export::Cell;

#[derive(Serialize, ToSchema)]
pub struct ClassName {
    #[serde(rename = "timePeriodClassName")]
    time_period_class_name: String,
}

#[derive(Serialize, ToSchema)]
pub struct GroupName {
    #[serde(rename = "audienceCityGroupName")]
    audience_city_group_name: String,
}

#[derive(Serialize, ToSchema)]
pub struct CustomerRow {
    id: i64,
    title: String,
    /// The media (channel) name.
    channel: String,
    #[serde(rename = "mediaId")]
    media_id: i64,
    /// Air time as the broadcaster wrote it (calendar time; past-midnight spots fall on the
    /// next day).
    #[serde(rename = "addTime")]
    add_time: LocalTime,
    /// Seconds.
    duration: i32,
    /// Broadcast date, YYYY-MM-DD.
    ymd: String,
    /// The surrounding programme.
    #[serde(rename = "circumferenceName")]
    circumference_name: String,
    category: i16,
    source: i16,
    #[serde(rename = "belongingTo")]
    belonging_to: i16,
    time_period_class: Option<ClassName>,
    /// GRP of the spot.
    #[serde(rename = "maoDianPing")]
    mao_dian_ping: f64,
    default_audience_city_group: GroupName,
    /// Position in the break as written (2/8, 正一, 倒二 …).
    position: String,
    #[serde(rename = "createTime")]
    create_time: LocalTime,
}

/// `YYYY-MM-DD`. Written by hand: chrono's `format` parses its pattern on every call, and an
/// export formats a date a row.
fn date_text(d: NaiveDate) -> String {
    let mut out = String::with_capacity(10);
    match u32::try_from(d.year()) {
        Ok(y) if y <= 9999 => push_digits(&mut out, y, 4),
        _ => out.push_str(&d.year().to_string()),
    }
    out.push('-');
    push_digits(&mut out, d.month(), 2);
    out.push('-');
    push_digits(&mut out, d.day(), 2);
    out
}

fn push_digits(out: &mut String, n: u32, width: u32) {
    for place in (0..width).rev() {
        out.push(char::from(b'0' + (n / 10u32.pow(place) % 10) as u8));
    }
}

impl CustomerRow {
    /// The row as the list shows it: its air time as written, its creation (kept in UTC) in
    /// `zone`.
    pub fn new(r: ViewingRow, zone: Zone) -> Self {
        Self {
            id: r.id,
            title: r.title,
            channel: r.channel,
            media_id: r.media_id,
            add_time: LocalTime::wall(r.air_time),
            duration: r.duration,
            ymd: date_text(r.ymd),
            circumference_name: r.program.unwrap_or_default(),
            category: r.category,
            source: r.source,
            belonging_to: r.belonging_to,
            time_period_class: r.time_period_class.map(|n| ClassName { time_period_class_name: n }),
            mao_dian_ping: (r.grp * 1000.0).round() / 1000.0,
            default_audience_city_group: GroupName { audience_city_group_name: r.audience_group },
            position: r.position.unwrap_or_default(),
            create_time: zone.at_utc(r.created_at),
        }
    }
}

pub const HEADERS: [&str; 13] =
    ["日期", "频道", "播出时间", "时长", "标题", "节目", "时段归纳", "受众/城市组", "毛评点", "位置", "数据类别", "数据来源", "创建时间"];

pub fn category_label(n: i16) -> &'static str {
    match n {
        1 => "初始数据",
        2 => "客户数据",
        3 => "公司数据",
        4 => "其他",
        _ => "",
    }
}

pub fn source_label(n: i16) -> &'static str {
    match n {
        1 => "收视设置",
        2 => "快数据",
        3 => "实际播出",
        _ => "",
    }
}

pub fn cells(r: ViewingRow, zone: Zone) -> Vec<Cell> {
    vec![
        Cell::from(date_text(r.ymd)),
        Cell::from(r.channel),
        Cell::from(LocalTime::wall(r.air_time)),
        Cell::from(i64::from(r.duration)),
        Cell::from(r.title),
        Cell::from(r.program),
        Cell::from(r.time_period_class),
        Cell::from(r.audience_group),
        Cell::from(r.grp),
        Cell::from(r.position),
        Cell::from(category_label(r.category)),
        Cell::from(source_label(r.source)),
        Cell::from(zone.at_utc(r.created_at)),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_read_as_chrono_writes_them() {
        for text in ["2026-03-01", "1999-12-31", "2026-11-22", "0001-01-01"] {
            let d = NaiveDate::parse_from_str(text, "%Y-%m-%d").unwrap();
            assert_eq!(date_text(d), text);
        }
        let far = NaiveDate::from_ymd_opt(12345, 6, 7).unwrap();
        assert_eq!(date_text(far), "12345-06-07");
    }
}
