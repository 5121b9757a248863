//! What a file is, by its first bytes rather than its name (code -601 when they disagree).

/// The extensions an upload may have.
pub const EXTENSIONS: [&str; 3] = ["xlsx", "xls", "csv"];
/// How many leading bytes [`matches`] looks at.
pub const HEAD: usize = 4096;

const ZIP: &[u8] = b"PK\x03\x04";
const OLE: &[u8] = &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1];

/// The lower-case extension of a file name, when it is one of [`EXTENSIONS`].
pub fn extension(file_name: &str) -> Option<&'static str> {
    let (_, ext) = file_name.rsplit_once('.')?;
    let ext = ext.to_ascii_lowercase();
    EXTENSIONS.into_iter().find(|e| *e == ext)
}

/// Whether the leading bytes fit the extension: xlsx is a zip, xls an OLE compound file, csv
/// text (no NUL and no control characters but tab, CR and LF).
pub fn matches(extension: &str, head: &[u8]) -> bool {
    match extension {
        "xlsx" => head.starts_with(ZIP),
        "xls" => head.starts_with(OLE),
        "csv" => {
            !head.is_empty()
                && !head.starts_with(ZIP)
                && !head.starts_with(OLE)
                && head.iter().all(|&b| b >= 0x20 || matches!(b, b'\t' | b'\r' | b'\n'))
        }
        _ => false,
    }
}

pub fn mime_type(extension: &str) -> &'static str {
    match extension {
        "xlsx" => "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "xls" => "application/vnd.ms-excel",
        "csv" => "text/csv",
        _ => "application/octet-stream",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_are_read_case_insensitively() {
        assert_eq!(extension("排期.XLSX"), Some("xlsx"));
        assert_eq!(extension("a.b.xls"), Some("xls"));
        assert_eq!(extension("data.csv"), Some("csv"));
        assert_eq!(extension("notes.txt"), None);
        assert_eq!(extension("xlsx"), None);
    }

    #[test]
    fn content_must_fit_the_extension() {
        assert!(matches("xlsx", b"PK\x03\x04rest"));
        assert!(!matches("xlsx", b"%PDF-1.7"));
        assert!(matches("xls", &[0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1, 0]));
        assert!(!matches("xls", b"<html><table>"));
        assert!(matches("csv", "日期,频道\r\n2026-01-01,CCTV-1\n".as_bytes()));
        assert!(!matches("csv", b"a,b\x00c"));
        assert!(!matches("csv", b"PK\x03\x04"));
        assert!(!matches("csv", b""));
        assert!(!matches("exe", b"MZ"));
    }
}
