//! Downloading an export and reading its sheet back.

use axum::body::Body;
use axum::http::{Request, StatusCode};
use calamine::{Data, Reader, Xlsx};
use http_body_util::BodyExt;
use tower::ServiceExt;

/// Downloads an export through `/files/...` as an attachment.
pub async fn download(app: &super::TestApp, url: &str, token: &str) -> Vec<u8> {
    let request = Request::get(url).header("token", token).body(Body::empty()).unwrap();
    let response = app.router.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{url}");
    let disposition = response.headers()["content-disposition"].to_str().unwrap().to_owned();
    assert!(disposition.starts_with("attachment;") && disposition.contains("filename*=UTF-8''"), "{disposition}");
    response.into_body().collect().await.unwrap().to_bytes().to_vec()
}

/// Downloads an export and reads its first sheet back.
pub async fn read_back(app: &super::TestApp, url: &str, token: &str) -> Vec<Vec<Data>> {
    let bytes = download(app, url, token).await;
    let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes)).unwrap();
    let sheet = book.worksheet_range_at(0).unwrap().unwrap();
    sheet.rows().map(<[Data]>::to_vec).collect()
}

/// A downloaded workbook: every sheet's cells by name, and the package to read formats from.
pub struct Book {
    pub bytes: Vec<u8>,
    pub sheets: Vec<(String, Vec<Vec<Data>>)>,
}

impl Book {
    pub async fn download(app: &super::TestApp, url: &str, token: &str) -> Book {
        let bytes = download(app, url, token).await;
        let mut book: Xlsx<_> = Xlsx::new(std::io::Cursor::new(bytes.clone())).unwrap();
        let sheets = book
            .sheet_names()
            .into_iter()
            .map(|name| {
                let range = book.worksheet_range(&name).unwrap();
                // Rows and columns from A1, whatever the first used cell.
                let (top, left) = range.start().map_or((0, 0), |(r, c)| (r as usize, c as usize));
                let mut rows = vec![Vec::new(); top];
                rows.extend(range.rows().map(|r| {
                    let mut row = vec![Data::Empty; left];
                    row.extend_from_slice(r);
                    row
                }));
                (name, rows)
            })
            .collect();
        Book { bytes, sheets }
    }

    pub fn names(&self) -> Vec<&str> {
        self.sheets.iter().map(|(n, _)| n.as_str()).collect()
    }

    pub fn sheet(&self, name: &str) -> &[Vec<Data>] {
        &self.sheets.iter().find(|(n, _)| n == name).unwrap_or_else(|| panic!("no sheet {name}")).1
    }

    /// The number format code of a cell (0-based row and column) of the sheet at `index`;
    /// `None` when the cell has the general format.
    pub fn number_format(&self, index: usize, row: usize, col: usize) -> Option<String> {
        let style = self.style(index, row, col);
        let styles = self.part("xl/styles.xml");
        let xfs = &styles[styles.find("<cellXfs").unwrap()..styles.find("</cellXfs>").unwrap()];
        let xf = xfs.split("<xf ").nth(style + 1).unwrap();
        let xf = format!(" {xf}");
        let id = attribute(&xf, "numFmtId").unwrap_or("0");
        let key = format!("<numFmt numFmtId=\"{id}\"");
        let fmt = &styles[styles.find(&key)?..];
        Some(attribute(&fmt[..fmt.find("/>").unwrap()], "formatCode").unwrap().replace("&quot;", "\""))
    }
}

impl Book {
    fn part(&self, name: &str) -> String {
        use std::io::Read;
        let mut zip = zip::ZipArchive::new(std::io::Cursor::new(&self.bytes)).unwrap();
        let mut text = String::new();
        zip.by_name(name).unwrap().read_to_string(&mut text).unwrap();
        text
    }

    /// The cell format (style index) of a cell (0-based row and column) of the sheet at `index`.
    pub fn style(&self, index: usize, row: usize, col: usize) -> usize {
        let sheet = self.part(&format!("xl/worksheets/sheet{}.xml", index + 1));
        let reference = format!("<c r=\"{}{}\"", column_name(col), row + 1);
        let at = sheet.find(&reference).unwrap_or_else(|| panic!("no cell {reference}"));
        let tag = &sheet[at..at + sheet[at..].find('>').unwrap()];
        attribute(tag, "s").map_or(0, |s| s.parse().unwrap())
    }
}

fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    let key = format!(" {name}=\"");
    let at = tag.find(&key)? + key.len();
    Some(&tag[at..at + tag[at..].find('"')?])
}

/// `A`, `B` … `AA` for a 0-based column.
fn column_name(mut col: usize) -> String {
    let mut name = Vec::new();
    loop {
        name.push(b'A' + (col % 26) as u8);
        if col < 26 {
            break;
        }
        col = col / 26 - 1;
    }
    name.reverse();
    String::from_utf8(name).unwrap()
}
