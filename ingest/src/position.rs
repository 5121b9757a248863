//! A spot's position in its break: `2/8`, `正一`…`正三`, `倒一`…`倒三`, `中` (docs/import-formats.md).

/// Where a spot aired within its commercial break.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Position {
    /// The position as written, normalised: half-width digits and slash, `正一` for `正1`.
    pub text: String,
    /// 1-based place: from the start, or from the end when `from_end`; `None` for `中`.
    pub index: Option<u32>,
    /// Spots in the break, when written as `index/of`.
    pub of: Option<u32>,
    pub from_end: bool,
}

const NUMERALS: [char; 10] = ['一', '二', '三', '四', '五', '六', '七', '八', '九', '十'];

/// Reads a position; `None` when the text is none of the accepted forms. `正`/`倒` take a
/// place from 1 to 10 (the specified 一…三 and the rarer places beyond), in Chinese numerals
/// or digits.
pub fn parse_position(text: &str) -> Option<Position> {
    let t: String = text.trim().chars().filter(|c| !c.is_whitespace()).map(half_width).collect();
    if t == "中" {
        return Some(Position { text: t, index: None, of: None, from_end: false });
    }
    if let Some((index, of)) = t.split_once('/') {
        let (index, of): (u32, u32) = (index.parse().ok()?, of.parse().ok()?);
        if index == 0 || index > of {
            return None;
        }
        return Some(Position {
            text: format!("{index}/{of}"),
            index: Some(index),
            of: Some(of),
            from_end: false,
        });
    }
    let (from_end, place) = if let Some(p) = t.strip_prefix('正') {
        (false, p)
    } else {
        (true, t.strip_prefix('倒')?)
    };
    let index = place_number(place)?;
    let side = if from_end { '倒' } else { '正' };
    Some(Position {
        text: format!("{side}{}", NUMERALS[index as usize - 1]),
        index: Some(index),
        of: None,
        from_end,
    })
}

fn place_number(text: &str) -> Option<u32> {
    let n = match text.parse::<u32>() {
        Ok(n) => n,
        Err(_) => {
            let mut chars = text.chars();
            let c = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            NUMERALS.iter().position(|&n| n == c)? as u32 + 1
        }
    };
    (1..=10).contains(&n).then_some(n)
}

/// Full-width digits and slash as typed with a Chinese input method.
fn half_width(c: char) -> char {
    match c {
        '０'..='９' => char::from_u32(c as u32 - '０' as u32 + '0' as u32).unwrap_or(c),
        '／' => '/',
        _ => c,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(text: &str, index: Option<u32>, of: Option<u32>, from_end: bool) -> Option<Position> {
        Some(Position { text: text.to_owned(), index, of, from_end })
    }

    #[test]
    fn every_accepted_form_reads() {
        assert_eq!(parse_position("2/8"), p("2/8", Some(2), Some(8), false));
        assert_eq!(parse_position(" ２／８ "), p("2/8", Some(2), Some(8), false));
        assert_eq!(parse_position("正一"), p("正一", Some(1), None, false));
        assert_eq!(parse_position("正3"), p("正三", Some(3), None, false));
        assert_eq!(parse_position("倒二"), p("倒二", Some(2), None, true));
        assert_eq!(parse_position("倒1"), p("倒一", Some(1), None, true));
        assert_eq!(parse_position("中"), p("中", None, None, false));
    }

    #[test]
    fn other_texts_are_refused() {
        for bad in
            ["", "0/8", "9/8", "2/", "/8", "正", "正零", "倒十一", "正11", "前一", "中间", "a"]
        {
            assert_eq!(parse_position(bad), None, "{bad}");
        }
    }
}
