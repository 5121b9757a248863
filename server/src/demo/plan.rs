//! What the demo airs, worked out from today alone, so the demo's orders, their broadcast
//! certificates, the viewing rows of both sides and the rating series all tell one story: the
//! certificate rows are the spots that aired, the viewing rows measure exactly those spots, and
//! each spot's GRP is the mean of the rating series over its own seconds.
//!
//! Each channel airs the demo products in a few ad breaks a day (one per prime period). A
//! break starts a little earlier or later each day and holds 8 to 14 spots; a product's spot
//! has its own position in it, so its air time and 位置 change from day to day as they do on
//! air. The orders (see [`super::orders`]) plan one spot a day in each of [`PERIODS`]; the
//! products without an order (金典有机奶 on CCTV-1, 纯甄 on 东方卫视) air every day of the data.

use chrono::{Datelike, Days, Duration, Months, NaiveDate, NaiveDateTime};

use super::{BRANDS, MEDIA, PRODUCTS};

/// The periods an order plans a spot in each day, in the schedule's row order.
pub const PERIODS: [&str; 3] = ["晚间", "黄金档", "次黄金"];

/// A demo order: the product (an index into [`PRODUCTS`]), how many of its tapes it holds, its
/// cycle, and how far its broadcast certificate reaches and whether it is confirmed.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct DemoOrder {
    pub product: usize,
    pub tapes: usize,
    pub cycle: (NaiveDate, NaiveDate),
    pub certificate: Option<(NaiveDate, bool)>,
    /// Expected completion the contract was sold at, against the plan's own GRP: the order's
    /// target is the plan's GRP on its default group × this (docs/evaluation.md).
    pub target_share: f64,
}

/// One spot on air: a product's tape on its channel, its broadcast day and start (seconds of
/// the broadcast day, past 86,400 after midnight), its position in the break, and the period
/// its certificate row names (empty: left for the import to find, or to place by hand).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Airing {
    pub product: usize,
    pub tape: usize,
    pub day: NaiveDate,
    pub secs: i32,
    pub position: (u32, u32),
    pub period: &'static str,
    /// The demo order it airs for.
    pub order: Option<usize>,
}

impl Airing {
    /// When it began, in calendar time.
    pub fn start(&self) -> NaiveDateTime {
        at(self.day, self.secs)
    }

    /// 位置 as certificates and viewing data write it.
    pub fn position_text(&self) -> String {
        match self.position {
            (1, _) => "正一".to_owned(),
            (p, n) if p == n => "倒一".to_owned(),
            (p, n) => format!("{p}/{n}"),
        }
    }

    /// `HH:MM:SS` of the broadcast day.
    pub fn time_text(&self) -> String {
        format!("{:02}:{:02}:{:02}", self.secs / 3600, self.secs / 60 % 60, self.secs % 60)
    }

    pub fn seconds(&self) -> i32 {
        PRODUCTS[self.product].seconds
    }
}

/// A break of one channel (an index into [`MEDIA`]) on one broadcast day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BreakAt {
    pub media: usize,
    pub start: NaiveDateTime,
    pub end: NaiveDateTime,
}

/// Everything the demo airs and plans.
#[derive(Debug, Clone)]
pub struct Plan {
    pub today: NaiveDate,
    pub orders: [DemoOrder; 4],
    /// The first day of viewing data and rating series; both run to yesterday.
    pub first_day: NaiveDate,
    /// What aired before today, in time order.
    pub aired: Vec<Airing>,
    /// Every spot the orders plan, past and future, at the time it airs (or would have); the
    /// order that has no schedule yet plans them too, for its target.
    pub planned: Vec<Airing>,
    pub breaks: Vec<BreakAt>,
}

/// The broadcast-day start of each channel's break of a period, and the products without an
/// order that air in it every day: (media, period, `HH:MM:SS`, products).
const BREAKS: [(usize, &str, &str, &[usize]); 11] = [
    (0, "晚间", "19:20:00", &[1]),
    (0, "黄金档", "20:55:00", &[1]),
    (0, "次黄金", "22:40:00", &[]),
    (1, "晚间", "18:42:00", &[]),
    (1, "黄金档", "20:15:00", &[]),
    (1, "次黄金", "22:31:00", &[]),
    (2, "晚间", "18:48:00", &[]),
    (2, "黄金档", "21:10:00", &[]),
    (2, "次黄金", "22:45:00", &[]),
    (3, "晚间", "18:55:00", &[3]),
    (3, "黄金档", "21:05:00", &[3]),
];

/// Seconds of the broadcast day of `HH:MM:SS`.
fn secs_of(hhmm: &str) -> i32 {
    super::secs(&hhmm[..5]) + hhmm[6..8].parse::<i32>().unwrap_or(0)
}

fn at(day: NaiveDate, secs: i32) -> NaiveDateTime {
    day.and_time(chrono::NaiveTime::MIN) + Duration::seconds(secs.into())
}

/// A well-mixed 64-bit number of `parts` (SplitMix64), for the day-to-day variation.
fn mix(parts: &[u64]) -> u64 {
    parts.iter().fold(0x9E37_79B9_7F4A_7C15_u64, |h, &p| {
        let mut z = (h ^ p).wrapping_add(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    })
}

fn day_key(day: NaiveDate) -> u64 {
    day.num_days_from_ce() as u64
}

/// The demo orders of `today` (see [`super::orders`]).
pub fn orders(today: NaiveDate) -> [DemoOrder; 4] {
    let this_month = today.with_day(1).expect("a first day");
    let last_month = this_month - Months::new(1);
    [
        // 安慕希, finished two weeks ago, its certificate confirmed.
        DemoOrder {
            product: 0,
            tapes: 2,
            cycle: (today - Days::new(45), today - Days::new(16)),
            certificate: Some((today - Days::new(16), true)),
            target_share: 1.03,
        },
        // 农夫山泉饮用天然水, on air, the certificate of the days so far awaiting confirmation.
        DemoOrder {
            product: 5,
            tapes: 2,
            cycle: (today - Days::new(20), today + Days::new(20)),
            certificate: Some((today - Days::new(1), false)),
            target_share: 1.0,
        },
        // 东方树叶, from the first of last month, last month confirmed.
        DemoOrder {
            product: 4,
            tapes: 2,
            cycle: (last_month, today + Days::new(20)),
            certificate: Some((this_month - Days::new(1), true)),
            target_share: 0.97,
        },
        // 特仑苏, starting next week, nothing imported yet.
        DemoOrder { product: 2, tapes: 2, cycle: (today + Days::new(7), today + Days::new(37)), certificate: None, target_share: 1.0 },
    ]
}

impl Plan {
    pub fn new(today: NaiveDate) -> Plan {
        let orders = orders(today);
        let first_day = orders.iter().filter(|o| o.certificate.is_some()).map(|o| o.cycle.0).fold(today - Days::new(35), NaiveDate::min);
        let mut plan = Plan { today, orders, first_day, aired: Vec::new(), planned: Vec::new(), breaks: Vec::new() };
        let last_day = orders.iter().map(|o| o.cycle.1).max().unwrap_or(today);
        let mut day = first_day;
        while day <= last_day {
            for (b, &(media, period, time, others)) in BREAKS.iter().enumerate() {
                plan.add_break(day, b, (media, period, secs_of(time)), others);
            }
            day = day + Days::new(1);
        }
        for (o, order) in orders.iter().enumerate() {
            plan.add_odd_spots(o, order);
        }
        plan.aired.sort_by_key(|a| (a.start(), a.product));
        plan
    }

    /// The day's break `b` of `media` in `period`, if anything airs in it: the orders' spots in
    /// that period (on their cycle's days), the other products' before today.
    fn add_break(&mut self, day: NaiveDate, b: usize, (media, period, base): (usize, &'static str, i32), others: &[usize]) {
        let p = PERIODS.iter().position(|x| *x == period);
        let mut spots: Vec<(usize, Option<usize>)> = Vec::new();
        for (o, order) in self.orders.iter().enumerate() {
            let ours = PRODUCTS[order.product].media == media && day >= order.cycle.0 && day <= order.cycle.1;
            if ours && p.is_some() {
                spots.push((order.product, Some(o)));
            }
        }
        if day < self.today {
            spots.extend(others.iter().map(|&product| (product, None)));
        }
        if spots.is_empty() {
            return;
        }
        let seed = [day_key(day), b as u64];
        // Up to two and a half minutes either way, in steps of 5 s; 8 to 14 spots.
        let start = base + (mix(&seed) % 61) as i32 * 5 - 150;
        let n = 8 + (mix(&[seed[0], seed[1], 1]) % 7) as u32;
        let positions = positions(mix(&[seed[0], seed[1], 2]), n, spots.len());
        let slot = |pos: u32| start + 15 * (pos as i32 - 1);
        let mut end = slot(n + 1);
        for (k, &(product, order)) in spots.iter().enumerate() {
            let pos = positions[k];
            // A 30 s spot takes two 15 s slots: the ones after it move on.
            let longer: i32 = spots.iter().enumerate().filter(|(j, _)| positions[*j] < pos).map(|(_, s)| PRODUCTS[s.0].seconds - 15).sum();
            let tapes = order.map_or(PRODUCTS[product].titles.len(), |o| self.orders[o].tapes);
            let spot = Airing {
                product,
                tape: (day.day() as usize + p.unwrap_or(0)) % tapes,
                day,
                secs: slot(pos) + longer,
                position: (pos, n),
                period,
                order,
            };
            end = end.max(spot.secs + spot.seconds());
            if order.is_some() {
                self.planned.push(spot.clone());
            }
            if day < self.today && !order.is_some_and(|o| self.missing(o, day, p)) {
                self.aired.push(spot);
            }
        }
        self.breaks.push(BreakAt { media, start: at(day, start), end: at(day, end) });
    }

    /// The spot the certificate shows missing: the first day's prime-time one.
    fn missing(&self, order: usize, day: NaiveDate, period: Option<usize>) -> bool {
        day == self.orders[order].cycle.0 && period == Some(1)
    }

    /// What aired off the plan: the second day's evening spot aired a second time at 18:55:00,
    /// the third day's late spot aired at 21:40:00 instead (prime time, the same class: the
    /// certificate leaves its period empty); for the order whose certificate awaits
    /// confirmation, the fourth day a spot at 27:10:00 (past every period) and the fifth day a
    /// spot of a tape the order does not hold at 20:05:00. Each order's three minutes later
    /// than the one before, so two orders of a channel whose cycles start on one day don't
    /// air at the same second.
    fn add_odd_spots(&mut self, o: usize, order: &DemoOrder) {
        let Some((_, confirmed)) = order.certificate else { return };
        let media = PRODUCTS[order.product].media;
        let first = order.cycle.0;
        let day = |n: u64| first + Days::new(n);
        let mut odd = vec![(day(1), "18:55:00", "晚间", None)];
        if let Some(late) = self.aired.iter().position(|a| a.order == Some(o) && a.day == day(2) && a.period == PERIODS[2]) {
            let late = self.aired.remove(late);
            odd.push((day(2), "21:40:00", "", Some(late.tape)));
        }
        if !confirmed {
            odd.push((day(3), "27:10:00", "", Some(0)));
            odd.push((day(4), "20:05:00", "黄金档", Some(order.tapes)));
        }
        for (k, (d, time, period, tape)) in odd.into_iter().enumerate() {
            if d >= self.today {
                continue;
            }
            let n = 6 + (mix(&[day_key(d), 100 + k as u64]) % 5) as u32;
            let pos = 1 + (mix(&[day_key(d), 200 + k as u64]) % u64::from(n)) as u32;
            let at_secs = secs_of(time) + 180 * o as i32;
            let start = at_secs - 15 * (pos as i32 - 1);
            let tape = tape.unwrap_or_else(|| (d.day() as usize) % order.tapes);
            let spot = Airing { product: order.product, tape, day: d, secs: at_secs, position: (pos, n), period, order: Some(o) };
            let end = start + 15 * n as i32 + spot.seconds();
            self.breaks.push(BreakAt { media, start: at(d, start), end: at(d, end) });
            self.aired.push(spot);
        }
    }

    /// The certificate rows of order `o`: what aired for it up to its certificate's last day.
    pub fn certificate(&self, o: usize) -> Vec<&Airing> {
        let Some((last, _)) = self.orders[o].certificate else { return Vec::new() };
        self.aired.iter().filter(|a| a.order == Some(o) && a.day <= last).collect()
    }

    /// The channels and the audience groups the series are of: each demo channel with every
    /// group of the products on it.
    pub fn series() -> Vec<(&'static str, Vec<&'static str>)> {
        MEDIA
            .iter()
            .enumerate()
            .map(|(m, (name, _))| {
                let mut groups: Vec<&str> = PRODUCTS.iter().filter(|p| p.media == m).flat_map(product_groups).collect();
                groups.sort_unstable();
                groups.dedup();
                (*name, groups)
            })
            .collect()
    }
}

impl Plan {
    /// The series delivered per second around the breaks as well: each product's default
    /// group on its channel, the group its orders are evaluated on (the other groups are per
    /// minute, as a provider's standard delivery).
    pub fn per_second() -> Vec<(usize, &'static str)> {
        let mut series: Vec<(usize, &str)> = PRODUCTS.iter().map(|p| (p.media, product_groups(p)[0])).collect();
        series.sort_unstable();
        series.dedup();
        series
    }
}

/// The audience groups of a product, its default first.
pub fn product_groups(p: &super::Product) -> Vec<&'static str> {
    p.groups.iter().map(|&g| BRANDS[p.brand].1[g]).collect()
}

/// `count` different positions of 1…`n`, from `seed`.
fn positions(seed: u64, n: u32, count: usize) -> Vec<u32> {
    let mut taken = Vec::new();
    let mut k = 0;
    while taken.len() < count.min(n as usize) {
        let pos = 1 + (mix(&[seed, k]) % u64::from(n)) as u32;
        if !taken.contains(&pos) {
            taken.push(pos);
        }
        k += 1;
    }
    taken
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan() -> Plan {
        Plan::new(NaiveDate::from_ymd_opt(2026, 12, 7).unwrap())
    }

    #[test]
    fn spots_of_a_break_do_not_overlap_and_stay_in_their_period_whatever_the_day() {
        let first = NaiveDate::from_ymd_opt(2026, 1, 1).unwrap();
        for today in (0..366).map(|d| first + Days::new(d)) {
            spots_apart_in_their_periods(&Plan::new(today));
        }
    }

    fn spots_apart_in_their_periods(plan: &Plan) {
        let mut spots: Vec<&Airing> = plan.planned.iter().chain(&plan.aired).collect();
        spots.sort_by_key(|a| (PRODUCTS[a.product].media, a.start()));
        spots.dedup_by(|a, b| a == b);
        for pair in spots.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if PRODUCTS[a.product].media == PRODUCTS[b.product].media && a != b {
                assert!(a.start() + Duration::seconds(a.seconds().into()) <= b.start(), "{}: {a:?} overlaps {b:?}", plan.today);
            }
        }
        for a in &plan.planned {
            let (from, to) = match a.period {
                "晚间" => ("18:00", "19:30"),
                "黄金档" => ("19:30", "22:00"),
                _ => ("22:00", "24:00"),
            };
            assert!(a.secs >= super::super::secs(from) && a.secs + a.seconds() <= super::super::secs(to), "{}: {a:?}", plan.today);
        }
    }

    #[test]
    fn each_order_plans_three_spots_a_day_and_airs_them_before_today_but_the_odd_ones() {
        let plan = plan();
        for (o, order) in plan.orders.iter().enumerate() {
            let days = (order.cycle.1 - order.cycle.0).num_days() + 1;
            assert_eq!(plan.planned.iter().filter(|a| a.order == Some(o)).count() as i64, days * 3, "{o}");
            if order.certificate.is_none() {
                assert!(!plan.aired.iter().any(|a| a.order == Some(o)));
                continue;
            }
            // Aired to yesterday: every planned spot before today, one missing, one extra, one
            // moved to another time (and, awaiting confirmation, two more rows).
            let aired_days = (order.cycle.1.min(plan.today - Days::new(1)) - order.cycle.0).num_days() + 1;
            let extra = if order.certificate.is_some_and(|c| !c.1) { 2 } else { 0 };
            assert_eq!(plan.aired.iter().filter(|a| a.order == Some(o)).count() as i64, aired_days * 3 - 1 + 1 + extra, "{o}");
        }
        assert!(plan.aired.iter().all(|a| a.day < plan.today));
        // 2026-12-07: the finished order began 45 days ago; the running one on 1 November.
        assert_eq!(plan.first_day, NaiveDate::from_ymd_opt(2026, 10, 23).unwrap());
    }
}
