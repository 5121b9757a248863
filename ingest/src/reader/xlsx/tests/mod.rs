//! The xlsx reader from hand-written XML, read a few bytes at a time into small buffers.

mod sheets;
mod tokenizer;

use std::io::Read;

use super::scan_part;
use crate::Limits;
use crate::limits::Clock;

/// Hands out its bytes a few at a time, as an inflater may.
pub(super) struct Trickle<'a>(pub &'a [u8], pub usize);

impl Read for Trickle<'_> {
    fn read(&mut self, out: &mut [u8]) -> std::io::Result<usize> {
        let n = self.1.min(self.0.len()).min(out.len());
        out[..n].copy_from_slice(&self.0[..n]);
        self.0 = &self.0[n..];
        Ok(n)
    }
}

#[test]
fn a_doctype_split_across_reads_is_found() {
    let clock = Clock::start(&Limits::default());
    let xml = b"<?xml version=\"1.0\"?><!doctype x [<!ENTITY a \"b\">]><x/>";
    for step in 1..8 {
        let mut buf = vec![0u8; 2 + step];
        let scan = scan_part(&mut Trickle(xml, step), &mut buf, &clock).unwrap();
        assert!(scan.doctype, "read {step} bytes at a time");
    }
    let mut buf = vec![0u8; 4];
    let scan = scan_part(&mut Trickle(b"<x><!-- note --></x>", 2), &mut buf, &clock).unwrap();
    assert!(!scan.doctype);
    assert_eq!(scan.bytes, 20);
}
