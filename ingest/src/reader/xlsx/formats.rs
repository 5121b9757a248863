//! Which number formats show a cell as a date or a time, and which as a duration.
//!
//! The rules are calamine's (0.38, `formats.rs`), so a workbook reads as it did when calamine
//! read it: built-in ids 14–22, 45 and 47 plus the East Asian 27–36 and 50–58 are dates or
//! times, 46 (`[h]:mm:ss`) is a duration; a custom format is a date or time when its first
//! section holds a date or time letter outside quotes, brackets and escapes (`AM/PM` counts),
//! and a duration when it starts an elapsed-time bracket such as `[h]`, `[mm]` or `[ss]`.

/// How a number format shows a number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Shown {
    Number,
    /// A date, a time of day or both: the serial is shifted onto the 1900 date system.
    Date,
    /// Elapsed time: the serial is a length of time, never shifted.
    Duration,
}

/// A built-in format (ECMA-376 §18.8.30, and the ids East Asian Excel uses for its dates).
pub(super) fn builtin(id: u32) -> Shown {
    match id {
        14..=22 | 27..=36 | 45 | 47 | 50..=58 => Shown::Date,
        46 => Shown::Duration,
        _ => Shown::Number,
    }
}

/// A letter that makes a format a date or time, outside brackets: after an `A` (of `AM/PM`,
/// `A/P`) its `P`, `M` or `/`; otherwise a day, month or minute, hour, year or second.
fn date_letter(c: char, am_pm: bool) -> bool {
    if am_pm {
        matches!(c, 'p' | 'P' | 'm' | 'M' | '/')
    } else {
        matches!(c.to_ascii_lowercase(), 'd' | 'm' | 'h' | 'y' | 's')
    }
}

/// A custom format code from `<numFmt formatCode>`, entities already decoded.
pub(super) fn custom(code: &str) -> Shown {
    // The previous character, whether the next one is taken literally (after `\`, `_` or `*`),
    // whether inside a quoted literal, how deep inside `[...]`, whether an elapsed-time
    // bracket (`[h`, `[mm` ...) is open, and whether an `A` (of `AM/PM`, `A/P`) was seen.
    let mut prev = ' ';
    let mut literal_next = false;
    let mut quoted = false;
    let mut depth = 0u32;
    let mut elapsed = false;
    let mut am_pm = false;
    for c in code.chars() {
        if literal_next {
            literal_next = false;
        } else if matches!(c, '\\' | '_' | '*') {
            // These take the next character literally, even inside quotes.
            literal_next = true;
        } else if quoted {
            quoted = c != '"';
        } else if c == '"' {
            quoted = true;
        } else if c == ';' {
            // Only the first section (positive numbers) decides.
            return Shown::Number;
        } else if c == '[' {
            depth = depth.saturating_add(1);
        } else if c == ']' {
            if depth == 1 && elapsed {
                return Shown::Duration;
            }
            depth = depth.saturating_sub(1);
        } else if depth == 0 && !am_pm && matches!(c, 'a' | 'A') {
            am_pm = true;
        } else if depth == 0 && date_letter(c, am_pm) {
            return Shown::Date;
        } else if !(elapsed && c.eq_ignore_ascii_case(&prev)) {
            // `[h`, `[m`, `[s` open an elapsed-time bracket; repeating the letter keeps it.
            elapsed = prev == '[' && matches!(c.to_ascii_lowercase(), 'h' | 'm' | 's');
        }
        prev = c;
    }
    Shown::Number
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn custom_formats_are_classified_like_calamine() {
        let cases = [
            ("DD/MM/YY", Shown::Date),
            ("yyyy-mm-dd", Shown::Date),
            ("yyyy\"年\"m\"月\"d\"日\"", Shown::Date),
            ("[$-804]yyyy\"年\"m\"月\"d\"日\" dddd", Shown::Date),
            ("上午/下午h\"时\"mm\"分\"", Shown::Date),
            ("H:MM:SS;@", Shown::Date),
            ("hh:mm", Shown::Date),
            ("h:mm AM/PM", Shown::Date),
            ("ha/p\\\\m", Shown::Date),
            ("m\"M\"d\"D\";@", Shown::Date),
            ("[$-404]e\"\\xfc\"m\"\\xfc\"d\"\\xfc\"", Shown::Date),
            ("*-yyyy-mm-dd", Shown::Date),
            ("[h]:mm:ss", Shown::Duration),
            ("[h]", Shown::Duration),
            ("[ss]", Shown::Duration),
            ("[s].000", Shown::Duration),
            ("[mm]:ss", Shown::Duration),
            ("[Blue]\\+[h]:mm;[Red]\\-[h]:mm;[Green][h]:mm", Shown::Duration),
            ("[>=100][Magenta][s].00", Shown::Duration),
            ("[h]:mm;[=0]\\-", Shown::Duration),
            ("General", Shown::Number),
            ("0.00", Shown::Number),
            ("#,##0\\ [$\\u20bd-46D]", Shown::Number),
            ("\"Y: \"0.00\"m\";\"Y: \"-0.00\"m\";\"Y: <num>m\";@", Shown::Number),
            ("\"$\"#,##0_);[Red](\"$\"#,##0)", Shown::Number),
            ("0_ ;[Red]\\-0\\ ", Shown::Number),
            ("\\Y000000", Shown::Number),
            ("#,##0.0####\" YMD\"", Shown::Number),
            ("[>=100][Magenta].00", Shown::Number),
            ("[>=100][Magenta]General", Shown::Number),
            ("#,##0.00\\ _M\"H\"_);[Red]#,##0.00\\ _M\"S\"_)", Shown::Number),
            ("#,##0*y", Shown::Number),
            ("0\"x\"*d", Shown::Number),
            ("*-#,##0", Shown::Number),
            ("@", Shown::Number),
            ("[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", Shown::Number),
        ];
        for (code, shown) in cases {
            assert_eq!(custom(code), shown, "{code}");
        }
    }

    #[test]
    fn built_in_ids_include_the_east_asian_dates() {
        for id in [14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 31, 36, 45, 47, 50, 55, 58] {
            assert_eq!(builtin(id), Shown::Date, "{id}");
        }
        assert_eq!(builtin(46), Shown::Duration);
        for id in [0, 1, 2, 9, 13, 23, 26, 37, 44, 48, 49, 59, 164] {
            assert_eq!(builtin(id), Shown::Number, "{id}");
        }
    }
}
