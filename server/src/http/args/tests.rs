use super::*;

fn t(s: &str) -> Option<Text> {
    Some(Text(s.into()))
}

/// The fields that got a message, and the messages.
fn errors(checks: Checks) -> Vec<(String, Vec<String>)> {
    match checks.finish() {
        Ok(()) => Vec::new(),
        Err(crate::error::AppError::Validation(fields)) => fields.into_iter().collect(),
        Err(other) => panic!("{other:?}"),
    }
}

#[test]
fn paging_defaults_and_rejects_bad_values() {
    let mut checks = Checks::default();
    assert_eq!(Paging::parse(&None, &None, 10, &mut checks), Paging { page: 1, limit: 10 });
    assert_eq!(Paging::parse(&t("3"), &t("30"), 10, &mut checks).offset(), 60);
    assert!(checks.finish().is_ok());
    let mut checks = Checks::default();
    Paging::parse(&t("0"), &t("5000"), 10, &mut checks);
    assert!(checks.has("page") && checks.has("limit"));
}

#[test]
fn blank_optional_values_are_absent_and_bad_ones_get_their_types_message() {
    let mut checks = Checks::default();
    assert_eq!(Id::filter("a", &None, &mut checks), None);
    assert_eq!(Id::filter("a", &t("  "), &mut checks), None);
    assert_eq!(Id::filter("a", &t(" 7 "), &mut checks), Some(7));
    assert!(checks.finish().is_ok());

    let mut checks = Checks::default();
    Id::filter("zero", &t("0"), &mut checks);
    Id::filter("junk", &t("x"), &mut checks);
    Day::filter("day", &t("2026-02-30"), &mut checks);
    Month::filter("month", &t("2026-13"), &mut checks);
    Seconds::filter("seconds", &t("-1"), &mut checks);
    Category::filter("category", &t("9"), &mut checks);
    assert_eq!(
        errors(checks),
        [
            ("category", "数据类别无效"),
            ("day", "日期格式应为 YYYY-MM-DD"),
            ("junk", "编号格式错误"),
            ("month", "月份格式应为 YYYY-MM"),
            ("seconds", "秒数必须是非负整数"),
            ("zero", "编号格式错误"),
        ]
        .map(|(f, m)| (f.to_owned(), vec![m.to_owned()]))
    );
}

#[test]
fn required_values_say_what_is_missing_and_picked_ids_say_it_for_bad_ones_too() {
    let mut checks = Checks::default();
    assert_eq!(Day::required("from", &None, "请选择周期开始", &mut checks), None);
    assert_eq!(Day::required("to", &t("2026-1-x"), "请选择周期结束", &mut checks), None);
    assert_eq!(Id::picked("media", &t("abc"), "请选择媒体", &mut checks), 0);
    assert_eq!(Id::picked("product", &t("12"), "请选择产品名称", &mut checks), 12);
    assert_eq!(
        errors(checks),
        [("from", "请选择周期开始"), ("media", "请选择媒体"), ("to", "日期格式应为 YYYY-MM-DD")]
            .map(|(f, m)| (f.to_owned(), vec![m.to_owned()]))
    );
}

#[test]
fn id_lists_drop_repeats_refuse_junk_and_may_be_required() {
    assert_eq!(Ids::read("3, 4,3"), Some(Ids(vec![3, 4])));
    assert_eq!(Ids::read("3,x"), None);
    let mut checks = Checks::default();
    assert_eq!(Ids::filter("a", &t(","), &mut checks), None);
    assert_eq!(Ids::picked("b", &t("5,5"), "请选择套装", &mut checks), vec![5]);
    assert!(checks.finish().is_ok());
    let mut checks = Checks::default();
    Ids::picked("empty", &t(","), "请选择套装", &mut checks);
    Ids::picked("bad", &t("1,0"), "请选择套装", &mut checks);
    assert_eq!(
        errors(checks),
        [("bad", "编号格式错误"), ("empty", "请选择套装")].map(|(f, m)| (f.to_owned(), vec![m.to_owned()]))
    );
}

#[test]
fn id_lists_keep_first_mention_order_and_stop_past_the_limit() {
    // 5,000 distinct ids, each said twice and the second time in reverse: a list, in order.
    let ids: Vec<i64> = (1..=Ids::MAX as i64).collect();
    let text = ids.iter().chain(ids.iter().rev()).map(i64::to_string).collect::<Vec<_>>().join(",");
    assert_eq!(Ids::read(&text), Some(Ids(ids.clone())));
    let mut checks = Checks::default();
    assert_eq!(Ids::picked("ids", &t(&text), "请选择点位", &mut checks).len(), Ids::MAX);
    assert!(checks.finish().is_ok());

    // One more distinct id is refused, and the junk after it is never read.
    let over = format!("{text},{},x", Ids::MAX + 1);
    assert_eq!(Ids::read(&over), None);
    let mut checks = Checks::default();
    assert!(Ids::picked("ids", &t(&over), "请选择点位", &mut checks).is_empty());
    assert_eq!(errors(checks), [("ids".to_owned(), vec![Ids::TOO_MANY.to_owned()])]);
}

#[test]
fn months_read_a_month_or_a_whole_date_as_its_first_day() {
    let first = NaiveDate::from_ymd_opt(2026, 3, 1).unwrap();
    assert_eq!(Month::read("2026-03"), Some(Month(first)));
    assert_eq!(Month::read("2026-03-17"), Some(Month(first)));
    assert_eq!(Month::read("2026-3"), None);
}

#[test]
fn broadcast_times_pass_midnight_but_not_thirty_hours() {
    assert_eq!(DayTime::read("25:30"), Some(DayTime(25 * 3600 + 1800)));
    assert_eq!(DayTime::read("29:59:59"), Some(DayTime(107_999)));
    assert_eq!(DayTime::read("30:00:00"), None);
    assert_eq!(DayTime::read("0.5"), None);
}

#[test]
fn instant_ranges_read_both_ends_as_inclusive() {
    let mut checks = Checks::default();
    let range = |from: &str, to: &str, checks: &mut Checks| Instant::range(("a", &t(from)), ("b", &t(to)), checks);
    assert_eq!(
        range("2026-03-01", "2026-03-01", &mut checks),
        (Some("2026-03-01 00:00:00".into()), Some("2026-03-02 00:00:00".into()))
    );
    assert_eq!(range("2026-03-01 10:00", "2026-03-01 10:00:00", &mut checks).1.unwrap(), "2026-03-01 10:00:01");
    assert_eq!(range("1700000000000", "1700000000", &mut checks).0.unwrap(), "2023-11-14 22:13:20+00");
    assert!(checks.finish().is_ok());
    let mut checks = Checks::default();
    range("yesterday", "", &mut checks);
    assert!(checks.has("a") && !checks.has("b"));
}

#[test]
fn timestamps_are_read_as_seconds_or_milliseconds_and_nothing_else() {
    let secs = Timestamp::read("1700000000").unwrap();
    assert_eq!(Timestamp::read("1700000000999"), Some(secs));
    assert_eq!(secs.0.to_rfc3339(), "2023-11-14T22:13:20+00:00");
    assert_eq!(Timestamp::read("2024-01-01"), None);
}

#[test]
fn spot_types_and_cell_counts_read_with_their_fields_messages() {
    let mut checks = Checks::default();
    assert_eq!(PointType::required("type", &t(" b "), "请选择点位类型", &mut checks), Some(PointType("B")));
    assert_eq!(CellPoints::counted("num", &t("0"), 0, "请正确输入点位数量", &mut checks), Some(0));
    assert_eq!(CellPoints::counted("num", &t("10000"), 1, "请输入大于0", &mut checks), Some(10_000));
    assert!(checks.finish().is_ok());

    let mut checks = Checks::default();
    PointType::required("missing", &None, "请选择点位类型", &mut checks);
    PointType::required("other", &t("E"), "请选择点位类型", &mut checks);
    CellPoints::counted("zero", &t("0"), 1, "请输入大于0", &mut checks);
    CellPoints::counted("negative", &t("-1"), 0, "请正确输入点位数量", &mut checks);
    CellPoints::counted("fraction", &t("1.5"), 0, "请正确输入点位数量", &mut checks);
    CellPoints::counted("huge", &t("10001"), 0, "请正确输入点位数量", &mut checks);
    let message = |s: &str| vec![s.to_owned()];
    assert_eq!(
        errors(checks),
        [
            ("fraction".to_owned(), message("请正确输入点位数量")),
            ("huge".to_owned(), message("一个点位格最多 10000 个点位")),
            ("missing".to_owned(), message("请选择点位类型")),
            ("negative".to_owned(), message("请正确输入点位数量")),
            ("other".to_owned(), message("点位类型只能是 A、B、C 或 D")),
            ("zero".to_owned(), message("请输入大于0")),
        ]
    );
}
