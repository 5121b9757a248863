//! Each import's columns as a person reads them: the header help of the web's import dialogs
//! and the template file each dialog offers. Both are made from the readers' own field tables,
//! so a template holds only headers its reader takes, and its example row is one the reader
//! accepts (the tests below read every template back through its reader).

use std::sync::LazyLock;

use crate::header::{Field, Sample};
use crate::{certificate, customer, template};

/// A format files are imported in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// 客户数据: customer viewing data.
    CustomerData,
    /// 正负三上传: the customer-data columns read by the same reader; the order names the
    /// audience group, and the upload needs a 位置 on every row (the server's rule).
    Positions,
    /// 排期表: an order's schedule.
    Schedule,
    /// 播出证明: an order's broadcast certificate.
    Certificate,
}

/// When a file must have a column.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Need {
    Required,
    Optional,
    /// Required unless the import form names the audience group (`--audience-group`).
    UnlessChosen,
    /// Required unless every sheet is named by its month (`YYYY-MM`).
    UnlessSheetMonth,
}

/// One column of the header help: its header, when a file needs it, and the other names it
/// goes by. The schedule's day columns are one entry, `1 … 31`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Column {
    pub label: String,
    pub need: Need,
    pub aliases: Vec<String>,
}

/// A cell of a template's example row.
#[derive(Debug, Clone, PartialEq)]
pub enum ExampleCell {
    Text(String),
    Number(f64),
    Empty,
}

/// A template: the format's headers and one example row, cell for cell.
#[derive(Debug, Clone, PartialEq)]
pub struct Template {
    pub headers: &'static [&'static str],
    pub row: Vec<ExampleCell>,
}

impl Template {
    /// Puts `cell` under the header `label` (a caller's own data in place of the example's).
    pub fn set(&mut self, label: &str, cell: ExampleCell) {
        let at = self.headers.iter().position(|h| *h == label);
        debug_assert!(at.is_some(), "the template has no column {label}");
        if let Some(at) = at {
            self.row[at] = cell;
        }
    }
}

fn labels(fields: &'static [Field]) -> Vec<&'static str> {
    fields.iter().map(|f| f.label).collect()
}

static CUSTOMER_HEADERS: LazyLock<Vec<&'static str>> = LazyLock::new(|| labels(&customer::FIELDS));
static SCHEDULE_HEADERS: LazyLock<Vec<&'static str>> = LazyLock::new(|| labels(&template::FIELDS));
static CERTIFICATE_HEADERS: LazyLock<Vec<&'static str>> = LazyLock::new(|| labels(&certificate::FIELDS));

impl Format {
    fn fields(self) -> &'static [Field] {
        match self {
            Format::CustomerData | Format::Positions => &customer::FIELDS,
            Format::Schedule => &template::FIELDS,
            Format::Certificate => &certificate::FIELDS,
        }
    }

    /// The headers of a template, in the reader's order.
    pub fn headers(self) -> &'static [&'static str] {
        match self {
            Format::CustomerData | Format::Positions => &CUSTOMER_HEADERS,
            Format::Schedule => &SCHEDULE_HEADERS,
            Format::Certificate => &CERTIFICATE_HEADERS,
        }
    }

    /// When a file of this format needs the field at `index`.
    fn need(self, index: usize, field: &Field) -> Need {
        match (self, index) {
            (Format::CustomerData, customer::AUDIENCE_GROUP) => Need::UnlessChosen,
            (Format::Positions, customer::AUDIENCE_GROUP) => Need::Optional,
            (Format::Positions, customer::POSITION) => Need::Required,
            (Format::Schedule, template::MONTH) => Need::UnlessSheetMonth,
            _ if field.required => Need::Required,
            _ => Need::Optional,
        }
    }

    /// The header help: every column in the reader's order.
    pub fn columns(self) -> Vec<Column> {
        let fields = self.fields();
        let mut out: Vec<Column> = Vec::new();
        let mut i = 0;
        while i < fields.len() {
            let field = &fields[i];
            // A field's first name is its label (checked below).
            let others = |f: &Field| f.aliases[1..].iter().map(|a| (*a).to_owned()).collect::<Vec<_>>();
            // The day columns 1 … 31 read alike: one entry.
            let days = fields[i..].iter().take_while(|f| f.label.parse::<u32>().is_ok()).count();
            if days > 1 {
                let (first, last) = (field, &fields[i + days - 1]);
                let aliases = others(first).iter().zip(others(last)).map(|(a, b)| format!("{a} … {b}")).collect();
                out.push(Column { label: format!("{} … {}", first.label, last.label), need: self.need(i, field), aliases });
                i += days;
                continue;
            }
            out.push(Column { label: field.label.to_owned(), need: self.need(i, field), aliases: others(field) });
            i += 1;
        }
        out
    }

    /// The template: the headers and the example row the field tables give.
    pub fn template(self) -> Template {
        let row = self
            .fields()
            .iter()
            .map(|f| match f.example {
                Sample::Text(t) => ExampleCell::Text(t.to_owned()),
                Sample::Number(n) => ExampleCell::Number(n),
                Sample::Empty => ExampleCell::Empty,
            })
            .collect();
        Template { headers: self.headers(), row }
    }
}

#[cfg(test)]
mod tests {
    use chrono::NaiveDate;

    use super::*;
    use crate::header::normalise;
    use crate::{CustomerOptions, Limits, read_certificate_bytes, read_customer_data_bytes, read_order_template_bytes};

    /// The template as a csv file: its headers, then its example row.
    fn csv(t: &Template) -> Vec<u8> {
        let cell = |c: &ExampleCell| match c {
            ExampleCell::Text(s) => s.clone(),
            ExampleCell::Number(n) => n.to_string(),
            ExampleCell::Empty => String::new(),
        };
        let row: Vec<String> = t.row.iter().map(cell).collect();
        format!("{}\n{}\n", t.headers.join(","), row.join(",")).into_bytes()
    }

    fn day(s: &str) -> NaiveDate {
        s.parse().unwrap()
    }

    #[test]
    fn the_customer_data_template_reads_back_as_its_example_spot() {
        let t = Format::CustomerData.template();
        assert_eq!(t.headers, ["日期", "频道", "播出时间", "时长", "标题", "节目", "时段归纳", "受众/城市组", "毛评点", "位置"]);
        let rows = read_customer_data_bytes(&csv(&t), "模板.csv", &CustomerOptions::default(), &Limits::default()).unwrap();
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.date, r.channel.as_str(), r.duration, r.title.as_str()), (day("2026-03-01"), "CCTV-1 综合", 15, "纯甄 15秒 A版"));
        assert_eq!((r.audience_group.as_deref(), r.grp, r.position.is_some()), (Some("全国4+"), 1.82, true));
    }

    #[test]
    fn the_positions_template_reads_back_with_its_position_and_without_a_group() {
        let mut t = Format::Positions.template();
        t.set("受众/城市组", ExampleCell::Empty);
        let opts = CustomerOptions { audience_group_given: true };
        let rows = read_customer_data_bytes(&csv(&t), "正负三.csv", &opts, &Limits::default()).unwrap();
        assert_eq!(rows.len(), 1);
        assert!(rows[0].position.is_some());
    }

    #[test]
    fn the_schedule_template_reads_back_as_two_spots_on_the_first() {
        let t = Format::Schedule.template();
        assert_eq!(t.headers.len(), 36);
        assert_eq!((t.headers[4], t.headers[5], t.headers[35]), ("位置", "1", "31"));
        let rows = read_order_template_bytes(&csv(&t), "排期.csv", &Limits::default()).unwrap();
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        assert_eq!((r.month, r.version.as_str(), r.time_period.as_str(), r.point_type), (day("2026-03-01"), "纯甄 15秒 A版", "新闻联播前", 'A'));
        assert_eq!(r.days, vec![(1, 2)]);
    }

    #[test]
    fn the_certificate_template_reads_back_as_one_spot() {
        let t = Format::Certificate.template();
        assert_eq!(t.headers, ["日期", "播出时间", "时段", "版本", "时长", "位置", "次数"]);
        let rows = read_certificate_bytes(&csv(&t), "播出证明.csv", &Limits::default()).unwrap();
        assert_eq!(rows.len(), 1);
        let r = &rows[0];
        // 19:31:05 is 70,265 seconds into the broadcast day.
        assert_eq!((r.ymd, r.secs, r.version.as_str(), r.duration, r.count), (day("2026-03-01"), 70_265, "纯甄 15秒 A版", Some(15), 1));
        assert_eq!(r.position.as_deref(), Some("正一"));
    }

    #[test]
    fn a_set_cell_replaces_the_example_under_its_header() {
        let mut t = Format::Schedule.template();
        t.set("1", ExampleCell::Empty);
        t.set("17", ExampleCell::Number(1.0));
        let rows = read_order_template_bytes(&csv(&t), "排期.csv", &Limits::default()).unwrap();
        assert_eq!(rows[0].days, vec![(17, 1)]);
    }

    #[test]
    fn the_header_help_names_each_column_once_with_its_need_and_aliases() {
        let help = Format::CustomerData.columns();
        let labels: Vec<&str> = help.iter().map(|c| c.label.as_str()).collect();
        assert_eq!(labels, Format::CustomerData.headers());
        let group = &help[7];
        assert_eq!((group.need, group.aliases.as_slice()), (Need::UnlessChosen, ["受众城市组", "受众", "城市组", "audience_group"].map(String::from).as_slice()));
        assert_eq!(help[6].need, Need::Optional);
        let positions = Format::Positions.columns();
        assert_eq!((positions[7].need, positions[9].need), (Need::Optional, Need::Required));

        let schedule = Format::Schedule.columns();
        assert_eq!(schedule.len(), 6);
        assert_eq!(schedule[0].need, Need::UnlessSheetMonth);
        assert_eq!(schedule[5], Column { label: "1 … 31".into(), need: Need::Optional, aliases: vec!["01 … 31".into(), "1日 … 31日".into(), "1号 … 31号".into()] });
    }

    /// Every alias of a format names its own field and no other: what the help lists is read.
    #[test]
    fn every_alias_the_help_lists_is_read_as_its_field() {
        for format in [Format::CustomerData, Format::Schedule, Format::Certificate] {
            let fields = format.fields();
            for (i, field) in fields.iter().enumerate() {
                assert_eq!(field.aliases.first(), Some(&field.label), "{format:?}: a field's first name is its label");
                for alias in field.aliases {
                    let key = normalise(alias);
                    let named: Vec<usize> = fields.iter().enumerate().filter(|(_, f)| f.matches(&key)).map(|(j, _)| j).collect();
                    assert_eq!(named, vec![i], "{format:?}: {alias}");
                }
            }
        }
    }
}
