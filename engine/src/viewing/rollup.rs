//! The viewing rollup ([`Dataset::ViewingDaily`]): each viewing file's rows summed by what the
//! dashboard filters and groups on, written beside it (same month, named after it:
//! [`crate::viewing_rollup_path`]) when the file is committed (import) or rewritten
//! (compaction). GRP is summed as integer units ([`crate::grp`]), so a rollup's sums, and
//! sums of rollups less deleted rows, are exact whatever order rows are added in. Beside spots
//! and GRP it counts the spots whose position in the break is known and those in positions 1–3
//! from either end, so an order's issued totals (issued_rollup.rs) are sums of it too. Deleted rows
//! are not taken out here: deletions come after, and the dashboard subtracts them at query time.

use duckdb::ToSql;

use crate::grp::units_sql;
use crate::lake::PARQUET_SOURCE;
use crate::paths::LakePath;
use crate::{Dataset, Lake, LakeFile, Result};

/// The rollup's columns: the group keys ([`KEYS`] of them), then `n` (spots), `units` (Σ GRP
/// in units), `positioned` (spots whose position is known) and `top3` (spots in positions 1–3
/// from the start or the end: [`POSITIONED_SQL`], [`TOP3_SQL`]).
pub(crate) const ROLLUP_COLUMNS: [(&str, &str); 13] = [
    ("ymd", "date"),
    ("media_id", "bigint"),
    ("audience_group_id", "bigint"),
    ("audience_group", "varchar"),
    ("title", "varchar"),
    ("category", "smallint"),
    ("source", "smallint"),
    ("belonging_to", "smallint"),
    ("time_period_class_id", "bigint"),
    ("n", "bigint"),
    ("units", "bigint"),
    ("positioned", "bigint"),
    ("top3", "bigint"),
];

/// How many of [`ROLLUP_COLUMNS`] are group keys; the rest are sums.
pub(crate) const KEYS: usize = 9;

/// The sums of a rollup over its source's rows (`v`): as `sum(...)` of rollup rows.
pub(crate) const SUMS_OF_ROLLUPS: &str =
    "sum(v.n)::bigint as n, sum(v.units)::bigint as units, sum(v.positioned)::bigint as positioned, sum(v.top3)::bigint as top3";

/// Whether a viewing row's position in the break is known.
pub(crate) const POSITIONED_SQL: &str = "v.\"position\" is not null";

/// Whether a viewing row aired in positions 1–3 from the start or the end of its break
/// (`正一`…`正三`, `倒一`…`倒三`, `2/8`, `7/8`).
pub(crate) const TOP3_SQL: &str =
    "coalesce(v.position_index <= 3 or (v.position_of is not null and v.position_index > v.position_of - 3), false)";

/// The sums of raw viewing rows (`v`), in the order of the sum columns, negated with `sign` -1.
pub(crate) fn sums_of_rows(sign: &str) -> String {
    format!(
        "{sign}count(*)::bigint as n, {sign}sum({})::bigint as units, {sign}count(*) filter (where {POSITIONED_SQL})::bigint as positioned, \
         {sign}count(*) filter (where {TOP3_SQL})::bigint as top3",
        units_sql("v.grp")
    )
}

/// Rows a row group of a rollup file. A dashboard reads a few titles' rows of a file: the
/// file is sorted by title, so smaller groups let the title and day statistics (and DuckDB's
/// Bloom filters on the dictionary-encoded title) skip more; much smaller ones cost more in
/// per-group overhead than they save (8,192 measured slower than 32,768 on 4M rows).
pub(crate) const ROLLUP_GROUP_ROWS: usize = 32_768;

/// Sums one viewing file (the file list is the only parameter), sorted by title first: the
/// dashboard always asks for a list of titles (a product's), then a day range and a media.
fn rollup_query() -> String {
    let keys = ROLLUP_COLUMNS[..KEYS].iter().map(|(name, _)| *name).collect::<Vec<_>>();
    let by = ["title", "ymd", "media_id", "audience_group_id", "audience_group", "category", "source", "belonging_to", "time_period_class_id"];
    format!(
        "select {}, {} from {PARQUET_SOURCE} v group by all order by {}",
        keys.join(", "),
        sums_of_rows(""),
        by.join(", ")
    )
}

impl Lake {
    /// Writes the rollup of each viewing file among `files` (others are passed over), as
    /// `viewing_daily/month=<its month>/v2-<its name>.parquet`: that twin is how readers know
    /// which viewing files are rolled up. Like every write, nothing is live until the caller's
    /// manifest lists it; a failure part-way removes what was written.
    pub fn viewing_rollup(&self, files: &[LakeFile]) -> Result<Vec<LakeFile>> {
        let viewing: Vec<LakePath> = files
            .iter()
            .filter(|f| f.dataset == Dataset::Viewing)
            .map(|f| LakePath::parse(&f.path))
            .collect::<Result<_>>()?;
        if viewing.is_empty() {
            return Ok(Vec::new());
        }
        let conn = self.conn()?;
        let query = rollup_query();
        self.all_or_nothing(|out| {
            for path in viewing {
                let twin = path.rollup_twin();
                let list = self.file_list(std::slice::from_ref(&path));
                let params: [&dyn ToSql; 1] = [&list];
                let target = (Dataset::ViewingDaily, twin.month, twin.stem());
                out.extend(self.copy_to_file_grouped(&conn, target, &query, &params, "ymd", ROLLUP_GROUP_ROWS)?);
            }
            Ok(())
        })
    }
}
