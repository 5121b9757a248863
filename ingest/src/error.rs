//! Why a file or its rows were refused. Every message is the Chinese text shown to the user;
//! details meant for the log (library error text, panic payloads) never reach `Display`.

use std::fmt;

/// A whole file refused before or while reading it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileError {
    #[error("不支持的文件类型“{0}”（支持 xlsx、xls、csv）")]
    UnsupportedType(String),
    #[error("文件内容与扩展名 {0} 不符，请上传 xlsx、xls 或 csv 文件")]
    ContentMismatch(String),
    /// The file, an archive part or the memory a part would need is over the limits; also
    /// archives whose compression ratio looks like a zip bomb.
    #[error("文件过大或压缩比异常，已拒绝")]
    TooLarge,
    #[error("文件包含不安全的 XML 声明")]
    UnsafeXml,
    /// Structures that contradict themselves in ways only crafted files do (cycles in a
    /// compound file, sheet offsets past the end ...).
    #[error("文件结构异常，已拒绝")]
    Malformed,
    #[error("行数超过上限 {0}")]
    TooManyRows(u32),
    #[error("工作表“{sheet}”第 {row} 行的列数超过上限 {max}")]
    TooManyColumns { sheet: String, row: u32, max: u32 },
    #[error("工作表“{sheet}”第 {row} 行有单元格内容过长（上限 {max} 个字符）")]
    CellTooLong { sheet: String, row: u32, max: usize },
    #[error("工作表数量超过上限 {0}")]
    TooManySheets(usize),
    /// The text handed out over the file passed `Limits::max_text_bytes` (in MB here).
    #[error("单元格文字总量超过上限 {0} MB，已拒绝")]
    TooMuchText(u64),
    /// Two sheet entries of a workbook name the same worksheet part.
    #[error("工作表“{sheet}”与“{first}”指向同一份工作表数据，文件已拒绝")]
    SharedSheetPart { sheet: String, first: String },
    #[error("工作表名称过长（最多 {0} 个字符），文件已拒绝")]
    SheetNameTooLong(usize),
    #[error("解析超时")]
    Timeout,
    #[error("文件已加密，请取消密码后再上传")]
    Encrypted,
    #[error("无法识别文件编码，CSV 文件请使用 UTF-8 或 GBK 编码")]
    Encoding,
    #[error("文件已损坏或格式无法识别")]
    Corrupt { detail: String },
    #[error("未找到表头：前 20 行中没有一行包含至少三个已知列名（需要：{required}）")]
    NoHeader { required: String },
    #[error("工作表“{sheet}”缺少必需的列：{columns}")]
    MissingColumns { sheet: String, columns: String },
    #[error("工作表“{sheet}”的列“{first}”和“{second}”表示同一项，请只保留一列")]
    DuplicateColumn { sheet: String, first: String, second: String },
    #[error("文件中没有数据行")]
    NoRows,
    /// A Parquet file DuckDB cannot read: a bad footer, sizes it does not have, a broken page.
    #[error("Parquet 文件已损坏或无法读取")]
    BadParquet { detail: String },
    #[error("Parquet 文件的列“{column}”类型为 {ty}，不支持（支持文本、整数、小数、日期、不带时区的时间戳、时间、布尔值）")]
    ParquetType { column: String, ty: String },
    /// Reading the stored file failed: an internal error, not the user's.
    #[error("文件读取失败")]
    Io { detail: String },
    /// A reader panicked; caught at the entry point.
    #[error("文件解析失败（内部错误）")]
    Internal { detail: String },
}

impl FileError {
    /// Errors that are ours rather than the file's: log the detail, show the message.
    pub fn is_internal(&self) -> bool {
        matches!(self, FileError::Io { .. } | FileError::Internal { .. })
    }

    pub(crate) fn corrupt(detail: impl fmt::Display) -> Self {
        FileError::Corrupt { detail: detail.to_string() }
    }
}

/// One bad cell of one row.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RowError {
    pub sheet: String,
    /// The sheet row number as Excel shows it (1-based); for csv the record's row.
    pub row: u32,
    /// The header text as written in the file.
    pub column: String,
    /// The cell as written (numbers and dates rendered), empty when the cell is empty.
    pub value: String,
    /// Why, in Chinese.
    pub reason: String,
}

impl fmt::Display for RowError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "工作表“{}”第 {} 行“{}”", self.sheet, self.row, self.column)?;
        if !self.value.is_empty() {
            write!(f, "（{}）", self.value)?;
        }
        write!(f, "：{}", self.reason)
    }
}

/// Every problem found in the rows of a file, in sheet-row order: the first
/// [`MAX_ROW_ERRORS`] located, and true counts of the rows with a problem and of all their
/// problems, listed or not. A file wrong on every one of a million rows holds a thousand
/// errors and two counts, not a million strings.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RowErrors {
    /// The first problems, in the order they were found (sheet-row order).
    pub errors: Vec<RowError>,
    /// Rows with at least one problem.
    pub rows: u64,
    /// Problems in all, listed or not.
    pub problems: u64,
    /// Where the last problem was: the next one of that row does not count the row again.
    last: Option<(String, u32)>,
}

impl RowErrors {
    /// Problems found and counted elsewhere: `errors` the first of them, in order, `rows` the
    /// rows with a problem and `problems` all of them.
    pub fn counted(mut errors: Vec<RowError>, rows: u64, problems: u64) -> Self {
        errors.truncate(MAX_ROW_ERRORS);
        let problems = problems.max(errors.len() as u64);
        RowErrors { errors, rows, problems, last: None }
    }

    /// Records one problem. Problems arrive row by row in file order, all of a row together.
    pub fn push(&mut self, error: RowError) {
        self.problems += 1;
        let same_row = self.last.as_ref().is_some_and(|(sheet, row)| *row == error.row && *sheet == error.sheet);
        if !same_row {
            self.rows += 1;
            self.last = Some((error.sheet.clone(), error.row));
        }
        if self.errors.len() < MAX_ROW_ERRORS {
            self.errors.push(error);
        }
    }

    pub fn is_empty(&self) -> bool {
        self.problems == 0
    }

    /// Problems counted but not listed.
    pub fn unlisted(&self) -> u64 {
        self.problems - self.errors.len() as u64
    }

    /// What the counts count, as every refusal says it: `2 行有错误（共 3 处）`.
    pub fn count_text(&self) -> String {
        format!("{} 行有错误（共 {} 处）", self.rows, self.problems)
    }
}

impl Extend<RowError> for RowErrors {
    fn extend<I: IntoIterator<Item = RowError>>(&mut self, errors: I) {
        for e in errors {
            self.push(e);
        }
    }
}

/// Why nothing of a file was imported: the file itself, or every bad row.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Rejected {
    #[error(transparent)]
    File(#[from] FileError),
    /// Every bad row: the first `MAX_ROW_ERRORS` problems listed, all of them counted.
    #[error("未导入任何数据：{}", .0.count_text())]
    Rows(RowErrors),
}

/// How many row errors a rejection lists.
pub const MAX_ROW_ERRORS: usize = 1000;
