//! The tokenizer: every test reads its XML whole and again a few bytes at a time into small
//! buffers, and must see the same.

use super::Trickle;
use crate::reader::xlsx::text::decode_value;
use crate::reader::xlsx::xml::{BUF_BYTES, Tok, Xml};
use crate::{FileError, Limits};

/// The events of a part as text: `<name a=v>` for starts, `<name/>` for empty tags,
/// `</name>` for ends, `"text"` for the text of elements named `t` or `v`.
fn events(xml: &[u8], step: usize, buffer: usize) -> Result<Vec<String>, FileError> {
    let clock = crate::limits::Clock::start(&Limits::default());
    let mut x = Xml::with_buffer(Trickle(xml, step), "test.xml", u64::MAX, clock, buffer);
    let mut seen = Vec::new();
    loop {
        let tok = x.next()?;
        let name = String::from_utf8_lossy(x.name()).into_owned();
        let mut attrs = String::new();
        for (k, v) in x.attrs() {
            attrs.push_str(&format!(
                " {}={}",
                String::from_utf8_lossy(k),
                decode_value(v).map_err(|e| x.corrupt(e))?
            ));
        }
        match tok {
            Tok::Eof => return Ok(seen),
            Tok::End => seen.push(format!("</{name}>")),
            Tok::Empty => seen.push(format!("<{name}{attrs}/>")),
            Tok::Start if name == "t" || name == "v" => {
                let mut text = Vec::new();
                x.text(&mut text, usize::MAX)?;
                seen.push(format!("<{name}{attrs}>\"{}\"", String::from_utf8(text).unwrap()));
            }
            Tok::Start => seen.push(format!("<{name}{attrs}>")),
        }
    }
}

/// The events read with every read size from 1 to 9 bytes and buffers from 48 bytes up.
fn all_ways(xml: &str) -> Vec<String> {
    let whole = events(xml.as_bytes(), usize::MAX, BUF_BYTES).unwrap();
    for step in 1..10 {
        for buffer in [48, 49, 64, 97, 4096] {
            let split = events(xml.as_bytes(), step, buffer).unwrap();
            assert_eq!(split, whole, "read {step} bytes at a time into {buffer}");
        }
    }
    whole
}

#[test]
fn tags_names_and_attributes() {
    let xml = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<x:worksheet xmlns:x="urn:x"><x:c r="A1" t='s' a = "1>2" b="it's"><x:v>7</x:v></x:c><row/><c
 r="B2"
/></x:worksheet>"#;
    assert_eq!(
        all_ways(xml),
        [
            "<worksheet xmlns:x=urn:x>",
            "<c r=A1 t=s a=1>2 b=it's>",
            "<v>\"7\"",
            "</c>",
            "<row/>",
            "<c r=B2/>",
            "</worksheet>"
        ]
    );
}

#[test]
fn text_decodes_entities_cdata_and_line_ends() {
    let xml = "<si><t>a&amp;b &lt;&gt;&quot;&apos; &#20013;&#x6587;&#X41;</t><t xml:space=\"preserve\">x\r\ny\rz<!-- c --> <![CDATA[<&amp;>\r\n]]>!</t><v/></si>";
    assert_eq!(
        all_ways(xml),
        [
            "<si>",
            "<t>\"a&b <>\"' 中文A\"",
            "<t xml:space=preserve>\"x\ny\nz <&amp;>\n!\"",
            "<v/>",
            "</si>"
        ]
    );
}

#[test]
fn comments_and_instructions_may_hold_anything() {
    let xml = "<a><!-- <b> -- > --><?pi <c> ?><d/></a>";
    assert_eq!(all_ways(xml), ["<a>", "<d/>", "</a>"]);
}

#[test]
fn declarations_are_refused_wherever_they_are_split() {
    for xml in [
        "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY a \"b\">]><x/>",
        "<x><!doctype x></x>",
        "<!ENTITY a \"b\"><x/>",
    ] {
        for step in 1..6 {
            let e = events(xml.as_bytes(), step, 48).unwrap_err();
            assert_eq!(e, FileError::UnsafeXml, "{xml} by {step}");
        }
    }
}

#[test]
fn broken_xml_is_a_corrupt_part_not_a_panic() {
    let broken = [
        "<a><b",
        "<a><b x=\"1></a>",
        "<a><!-- never closed",
        "<a><![CDATA[never closed",
        "<a><?pi",
        "<a><t>&unknown;</t></a>",
        "<a><t>&amp</t></a>",
        "<a><t>&#xD800;</t></a>",
        "<a><t>&#0;</t></a>",
        "<a><t>&#;</t></a>",
        "<a><t>x",
        "<a><t><b/></t></a>",
        "<a b></a>",
        "<a b=1></a>",
        "< a></a>",
        "<a></></a>",
        "<",
        "<!-",
        "<![CDA",
    ];
    for xml in broken {
        for step in [1, 3, 1000] {
            let e = events(xml.as_bytes(), step, 64).unwrap_err();
            assert!(matches!(e, FileError::Corrupt { .. }), "{xml:?} by {step}: {e:?}");
        }
    }
    // A tag that can't fit the buffer.
    let long = format!("<a b=\"{}\"/>", "x".repeat(100));
    assert!(matches!(events(long.as_bytes(), 7, 64), Err(FileError::Corrupt { .. })));
    assert_eq!(events(long.as_bytes(), 7, 4096).unwrap().len(), 1);
}

#[test]
fn text_past_the_cap_stops_growing() {
    let xml = format!("<t>{}</t><t>after</t>", "&amp;".repeat(10_000));
    let clock = crate::limits::Clock::start(&Limits::default());
    let mut x = Xml::with_buffer(Trickle(xml.as_bytes(), 100), "t.xml", u64::MAX, clock, 64);
    assert_eq!(x.next().unwrap(), Tok::Start);
    let mut text = Vec::new();
    x.text(&mut text, 1000).unwrap();
    assert!(text.len() > 1000 && text.len() < 1200, "{}", text.len());
    assert_eq!(x.next().unwrap(), Tok::Start);
    text.clear();
    x.text(&mut text, 1000).unwrap();
    assert_eq!(text, b"after");
}

#[test]
fn the_budget_counts_every_inflated_byte() {
    let xml = b"<a>0123456789</a>";
    let clock = crate::limits::Clock::start(&Limits::default());
    let mut x = Xml::with_buffer(Trickle(xml, 4), "a.xml", 17, clock, 64);
    x.drain().unwrap();
    assert_eq!(x.left(), 0);
    let mut x = Xml::with_buffer(Trickle(xml, 4), "a.xml", 16, clock, 64);
    assert_eq!(x.drain().unwrap_err(), FileError::TooLarge);
}
