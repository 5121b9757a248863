//! orderList's pages kept whole (docs/decisions.md "The order list's pages kept"). The page a
//! call answers depends on the lake (its manifest's version), on what the list reads in Postgres
//! (the write generation every committed write to those tables moves, in the same transaction:
//! migration `order_list_generation`), on the day (remaining spots and estimates count from
//! today until an assessment date is set) and on the call's arguments — never on the caller,
//! whose rights are checked before. So a page made at one [`Stamp`] is served again, as bytes,
//! to every call with the same arguments while the stamp read at its start is unchanged: one
//! small query instead of the page's twenty, and that query shared by the calls waiting at once
//! ([`Stamps`]).
//!
//! The stamp is read before the page is made: a write committed meanwhile moves the stamp the
//! next call reads, so a page made from newer rows than its stamp is only ever dropped, never
//! served stale. A page whose figures are the previous lake version's (`recomputing`) is served
//! only until a computation of the order figures ends ([`Reads::figures_epoch`](crate::reads::Reads::figures_epoch)), since from then on
//! the same call may answer newer figures. Calls asking for a page being made wait for it (one
//! flight per page). Memory of the process only: nothing is written (reads never write).

use std::collections::HashMap;
use std::future::Future;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use bytes::Bytes;
use chrono::NaiveDate;
use sqlx::PgPool;
use tokio::sync::{OnceCell, watch};

/// Most pages kept: past it, pages of older stamps go, then all.
const MAX_PAGES: usize = 256;

/// What a page of the list depends on besides the call's arguments.
#[derive(Debug, Clone, Copy, PartialEq, Eq, sqlx::FromRow)]
pub struct Stamp {
    /// The lake manifest's version.
    pub lake: i64,
    /// The sum of the order list's write generation rows.
    pub writes: i64,
    /// Postgres's `current_date`, which the figures count remaining spots from.
    pub day: NaiveDate,
}

/// The stamp as Postgres has it now: one statement, so its three parts are one snapshot's.
async fn read_stamp(db: PgPool) -> Result<Stamp, Arc<sqlx::Error>> {
    sqlx::query_as(
        "select (select version from lake_manifest) as lake,
                (select sum(generation)::int8 from order_list_generation) as writes,
                current_date as day",
    )
    .fetch_one(&db)
    .await
    .map_err(Arc::new)
}

/// A stamp read from the start of one call on, shared by the calls waiting at once.
///
/// A call may take only a read that began after it asked: a write whose answer came before the
/// call is then in it. So a call waits for the next read to begin — at once when none runs,
/// else right after the running one — and every call waiting for it takes its result: under
/// 200 connections Postgres answers one small query per round trip, not one per call.
pub struct Stamps<T = Stamp, E = Arc<sqlx::Error>> {
    turns: Mutex<Turns>,
    /// The last read's number and result.
    done: watch::Sender<(u64, Option<Result<T, E>>)>,
}

/// Which read runs and which one the waiting calls want.
#[derive(Default)]
struct Turns {
    /// Reads begun so far; the running one is number `begun`.
    begun: u64,
    /// The read the latest caller waits for.
    wanted: u64,
    running: bool,
}

impl<T, E> Default for Stamps<T, E> {
    fn default() -> Self {
        Stamps { turns: Mutex::new(Turns::default()), done: watch::channel((0, None)).0 }
    }
}

impl Stamps {
    /// The stamp as Postgres has it, read after this call began.
    pub async fn now(self: &Arc<Self>, db: &PgPool) -> Result<Stamp, Arc<sqlx::Error>> {
        let db = db.clone();
        self.read(move || read_stamp(db.clone())).await
    }
}

impl<T, E> Stamps<T, E>
where
    T: Clone + Send + Sync + 'static,
    E: Clone + Send + Sync + 'static,
{
    /// `read`'s result of a read begun after this call.
    pub async fn read<Fut>(self: &Arc<Self>, read: impl Fn() -> Fut + Send + 'static) -> Result<T, E>
    where
        Fut: Future<Output = Result<T, E>> + Send,
    {
        let mut done = self.done.subscribe();
        let wanted = {
            let mut turns = self.turns.lock().unwrap_or_else(|e| e.into_inner());
            turns.wanted = turns.begun + 1;
            if !turns.running {
                turns.running = true;
                // In a task of its own: the reads go on for the others if this call goes away.
                let stamps = self.clone();
                tokio::spawn(async move { stamps.keep_reading(read).await });
            }
            turns.wanted
        };
        // The sender is this value's own, and every read's number comes with its result.
        let answered = done.wait_for(|(n, _)| *n >= wanted).await.expect("the stamps' sender lives as long as they do");
        answered.1.clone().expect("a read's number comes with its result")
    }

    /// Reads while some call waits for a read not begun yet.
    async fn keep_reading<Fut>(&self, read: impl Fn() -> Fut)
    where
        Fut: Future<Output = Result<T, E>>,
    {
        loop {
            let n = {
                let mut turns = self.turns.lock().unwrap_or_else(|e| e.into_inner());
                if turns.wanted <= turns.begun {
                    turns.running = false;
                    return;
                }
                turns.begun += 1;
                turns.begun
            };
            let result = read().await;
            self.done.send_replace((n, Some(result)));
        }
    }
}

/// A page as answered: the whole JSON answer, and whether its figures were the previous
/// lake version's.
#[derive(Clone)]
pub struct Page {
    pub body: Bytes,
    pub recomputing: bool,
}

struct Entry {
    stamp: Stamp,
    epoch: u64,
    page: OnceCell<Page>,
}

impl Entry {
    /// Whether a call that read `stamp` and `epoch` may take this page (or wait for it): one
    /// made at that stamp or a later one (each part only moves forward, and a later page is
    /// newer than anything the call could have been answered before it asked).
    fn serves(&self, stamp: Stamp, epoch: u64) -> bool {
        let later = self.stamp.lake >= stamp.lake && self.stamp.writes >= stamp.writes && self.stamp.day >= stamp.day;
        later && self.page.get().is_none_or(|p| !p.recomputing || self.epoch == epoch)
    }
}

#[derive(Default)]
pub struct ListPages {
    /// The stamps of the calls, read once for the calls waiting at once.
    pub stamps: Arc<Stamps>,
    entries: Mutex<HashMap<String, Arc<Entry>>>,
    /// Pages made so far, for the tests of what is served from memory.
    made: AtomicU64,
}

impl ListPages {
    /// How many pages were made so far (kept or not).
    pub fn made(&self) -> u64 {
        self.made.load(Ordering::Relaxed)
    }

    /// The page of `key` (the call's arguments) at `stamp`: the kept one while it serves,
    /// else made once by `make` for every call asking meanwhile. `epoch` is
    /// [`Reads::figures_epoch`](crate::reads::Reads::figures_epoch) read before `stamp`'s page could be made.
    pub async fn get<E, Fut>(&self, key: String, stamp: Stamp, epoch: u64, make: impl FnOnce() -> Fut) -> Result<Page, E>
    where
        Fut: Future<Output = Result<Page, E>>,
    {
        let entry = {
            let mut entries = self.entries.lock().unwrap_or_else(|e| e.into_inner());
            match entries.get(&key) {
                Some(entry) if entry.serves(stamp, epoch) => entry.clone(),
                _ => {
                    if entries.len() >= MAX_PAGES {
                        entries.retain(|_, e| e.stamp == stamp);
                        if entries.len() >= MAX_PAGES {
                            entries.clear();
                        }
                    }
                    let entry = Arc::new(Entry { stamp, epoch, page: OnceCell::new() });
                    entries.insert(key, entry.clone());
                    entry
                }
            }
        };
        let made = &self.made;
        entry.page.get_or_try_init(|| async move {
            made.fetch_add(1, Ordering::Relaxed);
            make().await
        })
        .await
        .cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stamp(lake: i64, writes: i64) -> Stamp {
        Stamp { lake, writes, day: NaiveDate::from_ymd_opt(2026, 3, 1).unwrap() }
    }

    /// Makes a page whose body is `text`, counting the pages made.
    fn making<'a>(made: &'a AtomicU64, text: &'static str, recomputing: bool) -> impl Future<Output = Result<Page, ()>> + 'a {
        async move {
            made.fetch_add(1, Ordering::Relaxed);
            tokio::task::yield_now().await;
            Ok(Page { body: Bytes::from_static(text.as_bytes()), recomputing })
        }
    }

    async fn body(pages: &ListPages, key: &str, stamp: Stamp, epoch: u64, made: &AtomicU64, text: &'static str, recomputing: bool) -> Bytes {
        pages.get(key.to_owned(), stamp, epoch, || making(made, text, recomputing)).await.unwrap().body
    }

    #[tokio::test]
    async fn a_page_is_served_while_its_stamp_holds() {
        let (pages, made) = (ListPages::default(), AtomicU64::new(0));
        assert_eq!(body(&pages, "page=1", stamp(1, 5), 0, &made, "one", false).await, "one");
        assert_eq!(body(&pages, "page=1", stamp(1, 5), 9, &made, "other", false).await, "one", "a current page outlives the epoch");
        assert_eq!(body(&pages, "page=2", stamp(1, 5), 9, &made, "two", false).await, "two", "other arguments, another page");
        assert_eq!(body(&pages, "page=1", stamp(1, 6), 9, &made, "written", false).await, "written", "a write moved the generation");
        assert_eq!(body(&pages, "page=1", stamp(2, 6), 9, &made, "lake", false).await, "lake", "the lake moved");
        let tomorrow = Stamp { day: NaiveDate::from_ymd_opt(2026, 3, 2).unwrap(), ..stamp(2, 6) };
        assert_eq!(body(&pages, "page=1", tomorrow, 9, &made, "day", false).await, "day", "a new day");
        assert_eq!(body(&pages, "page=1", stamp(2, 5), 9, &made, "older", false).await, "day", "a later page serves an earlier stamp");
        assert_eq!(made.load(Ordering::Relaxed), 5);
    }

    #[tokio::test]
    async fn a_page_of_previous_figures_is_served_until_a_computation_ends() {
        let (pages, made) = (ListPages::default(), AtomicU64::new(0));
        assert_eq!(body(&pages, "", stamp(1, 1), 3, &made, "marked", true).await, "marked");
        assert_eq!(body(&pages, "", stamp(1, 1), 3, &made, "again", true).await, "marked");
        assert_eq!(body(&pages, "", stamp(1, 1), 4, &made, "current", false).await, "current");
        assert_eq!(made.load(Ordering::Relaxed), 2);
    }

    /// A read that answers its number (1, 2, …), counted when it begins, after a moment.
    fn numbered(begun: Arc<AtomicU64>) -> impl Fn() -> std::pin::Pin<Box<dyn Future<Output = Result<u64, ()>> + Send>> + Send + 'static {
        move || {
            let n = begun.fetch_add(1, Ordering::SeqCst) + 1;
            Box::pin(async move {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                Ok(n)
            })
        }
    }

    #[tokio::test]
    async fn calls_waiting_at_once_share_one_read_begun_after_each_asked() {
        let stamps: Arc<Stamps<u64, ()>> = Arc::default();
        let begun = Arc::new(AtomicU64::new(0));
        let calls = (0..50).map(|_| {
            let (stamps, begun) = (stamps.clone(), begun.clone());
            async move {
                let asked = begun.load(Ordering::SeqCst);
                let n = stamps.read(numbered(begun)).await.unwrap();
                assert!(n > asked, "read {n} had begun when the call asked ({asked} begun)");
            }
        });
        futures_util::future::join_all(calls).await;
        assert_eq!(begun.load(Ordering::SeqCst), 1, "50 calls asking at once, one read");

        // A call asking while a read runs takes the next one, not the running one.
        let first = tokio::spawn({
            let (stamps, begun) = (stamps.clone(), begun.clone());
            async move { stamps.read(numbered(begun)).await }
        });
        while begun.load(Ordering::SeqCst) < 2 {
            tokio::task::yield_now().await;
        }
        let later = stamps.read(numbered(begun.clone())).await;
        assert_eq!((first.await.unwrap(), later), (Ok(2), Ok(3)));
    }

    #[tokio::test]
    async fn calls_asking_at_once_share_one_page_and_a_failure_is_tried_again() {
        let (pages, made) = (ListPages::default(), AtomicU64::new(0));
        let calls = (0..20).map(|_| body(&pages, "", stamp(1, 1), 0, &made, "one", false));
        for answer in futures_util::future::join_all(calls).await {
            assert_eq!(answer, "one");
        }
        assert_eq!(made.load(Ordering::Relaxed), 1);
        let failed: Result<Page, &str> = pages.get(String::new(), stamp(1, 2), 0, || async { Err("Postgres went away") }).await;
        assert!(failed.is_err());
        assert_eq!(body(&pages, "", stamp(1, 2), 0, &made, "two", false).await, "two");
    }
}
