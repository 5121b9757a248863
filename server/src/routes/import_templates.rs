//! What the import dialogs show before a file is chosen (docs/import-formats.md, "Templates and
//! header help"): each upload tag's columns (importColumns) and its template file
//! (importTemplateExport, an export like the others: `{url}` to a workbook). Both come from the
//! readers' field tables, so the help and the template say what the importer takes.

use axum::Extension;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use adeval_ingest::layout::{ExampleCell, Format, Need};

use super::Endpoint;
use crate::auth::permission;
use crate::auth::session::Admin;
use crate::error::{AppError, Checks, Result};
use crate::export::{self, Cell, Exported, Maker};
use crate::http::args::Id;
use crate::http::call::Call;
use crate::http::{Args, Done, Text};
use crate::imports::templates;
use crate::state::AppState;
use crate::storage::tags::{self, FileTag, Tag};

pub static COLUMNS: Call =
    Call::get("importColumns", "导入文件的列").takes::<ColumnsArgs>().answers_with::<Vec<ImportColumn>, ImportColumn>();
pub static TEMPLATE: Call = Call::get_or_post("importTemplateExport", "下载导入模板").takes::<TemplateArgs>().answers::<Exported>();

pub fn endpoints() -> Vec<Endpoint> {
    vec![
        Endpoint { call: &COLUMNS, handler: axum::routing::get(columns) },
        Endpoint { call: &TEMPLATE, handler: super::get_or_post(template) },
    ]
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct ColumnsArgs {
    /// The upload's tag: customerData, alreadyUpsideDownThree, orderTemplate or
    /// broadcastingCertificate.
    #[schema(value_type = Option<FileTag>)]
    tags: Option<Text>,
}

#[derive(Default, Deserialize, ToSchema)]
#[serde(default)]
pub struct TemplateArgs {
    /// The upload's tag, as for importColumns.
    #[schema(value_type = Option<FileTag>)]
    tags: Option<Text>,
    /// The order, for an order's imports (all but customerData): its example row is the order's.
    #[serde(rename = "orderId")]
    #[schema(value_type = Option<i64>)]
    order_id: Option<Text>,
}

/// When a file needs a column.
#[derive(Serialize, ToSchema, Clone, Copy)]
#[serde(rename_all = "camelCase")]
pub enum ColumnNeed {
    Required,
    Optional,
    /// Required unless the form names the audience group (customer data).
    UnlessChosen,
    /// Required unless every sheet is named by its month, `YYYY-MM` (the schedule's 月份).
    UnlessSheetMonth,
}

/// One column of an import: the header a template writes, when a file needs it, and the other
/// headers read as it (compared ignoring case, spaces, `_`, `-`, `*` and a note in brackets).
#[derive(Serialize, ToSchema)]
pub struct ImportColumn {
    pub label: String,
    pub need: ColumnNeed,
    pub aliases: Vec<String>,
}

/// The tag named and its import format, or the field's message.
fn import_tag(value: &Option<Text>, checks: &mut Checks) -> Option<(&'static Tag, Format)> {
    let Some(tag) = Text::get(value).and_then(tags::find) else {
        checks.add("tags", "请选择文件标签");
        return None;
    };
    match templates::format_of(tag.id) {
        Some(format) => Some((tag, format)),
        None => {
            checks.add("tags", format!("「{}」文件不是导入文件，没有模板", tag.label));
            None
        }
    }
}

async fn columns(Args(args): Args<ColumnsArgs>) -> Result<Done<Vec<ImportColumn>>> {
    let mut checks = Checks::default();
    let found = import_tag(&args.tags, &mut checks);
    checks.finish()?;
    let (_, format) = found.expect("checked");
    let columns = format
        .columns()
        .into_iter()
        .map(|c| ImportColumn {
            label: c.label,
            need: match c.need {
                Need::Required => ColumnNeed::Required,
                Need::Optional => ColumnNeed::Optional,
                Need::UnlessChosen => ColumnNeed::UnlessChosen,
                Need::UnlessSheetMonth => ColumnNeed::UnlessSheetMonth,
            },
            aliases: c.aliases,
        })
        .collect();
    Ok(Done("获取成功", columns))
}

async fn template(State(state): State<AppState>, Extension(admin): Extension<Admin>, Args(args): Args<TemplateArgs>) -> Result<Done<Exported>> {
    let mut checks = Checks::default();
    let found = import_tag(&args.tags, &mut checks);
    let order = match found {
        Some((_, Format::CustomerData)) | None => None,
        Some(_) => Some(Id::picked("orderId", &args.order_id, "请选择订单", &mut checks)),
    };
    checks.finish()?;
    let (tag, format) = found.expect("checked");
    // The same menu as uploading the file: whoever may import it may have its template.
    let mut conn = state.db.acquire().await?;
    permission::check(&mut conn, &admin, tag.menu).await?;
    let template = match order {
        None => templates::customer_data(&mut conn).await?,
        Some(id) => {
            crate::orders::order::require(&mut conn, id).await?;
            templates::for_order(&mut conn, format, id).await?
        }
    };
    drop(conn);
    let row = template
        .row
        .into_iter()
        .map(|cell| match cell {
            ExampleCell::Text(s) => Cell::Text(s),
            ExampleCell::Number(n) => Cell::Number(n),
            ExampleCell::Empty => Cell::Empty,
        })
        .collect();
    let maker = Maker { admin_id: admin.id, menu_id: Some(tag.menu) };
    let name = templates::file_name(format, order);
    let exported = export::save(&state.db, &state.store, &state.config, maker, &name, template.headers, vec![row]).await.map_err(AppError::Internal)?;
    Ok(Done("导出成功", exported))
}
