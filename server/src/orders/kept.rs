//! Values derived from the lake, kept by manifest version and computed once per version
//! whoever asks (single flight). The order figures' lake parts — issued totals
//! ([`super::issued`]) and default estimates ([`super::estimates`]) — depend only on the lake
//! (named by the manifest's version) and on a key (an order's match, an estimate's key), so a
//! value computed at one version serves every caller of that version.
//!
//! After a lake change every caller misses at once. Each missing key is claimed by the first
//! caller to miss it and computed in a task of its own (which ends and keeps its result even if
//! that caller goes away); later callers of a claimed key either take what an earlier version
//! kept for it, marked as previous ([`Wanted::OrPrevious`], the order list: it says 更新中), or
//! wait for that one computation ([`Wanted::Current`]). A caller never computes a key another
//! caller is computing: no herd (docs/decisions.md "The order figures per lake version"). The
//! one exception is a whole version's warm-up ([`Kept::compute_unclaimed`]): a caller wanting
//! the current values of at most [`APART`] keys it holds computes them apart (not kept) rather
//! than wait for the whole warm-up — an order's dialog must not wait for every order.

use std::collections::{HashMap, HashSet};
use std::future::Future;
use std::hash::Hash;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use tokio::sync::Notify;

/// Most keys a caller wanting current values computes apart instead of waiting for a warm-up
/// that claimed them (a page of orders; an export of every order waits).
pub const APART: usize = 100;

/// What a caller takes for a key whose value at its version is being computed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Wanted {
    /// The value of this version: wait for its one computation.
    Current,
    /// An earlier version's value, when one is kept, marked as such; else wait.
    OrPrevious,
}

/// Values in the keys' order; `previous` when any is an earlier version's.
pub struct Answer<V> {
    pub values: Vec<V>,
    pub previous: bool,
}

pub struct Kept<K, V> {
    state: Mutex<State<K, V>>,
    /// Woken whenever a computation ends, kept or not.
    ended: Notify,
    /// Keys computed so far, for the tests of the single flight.
    computed: AtomicU64,
    /// Most values kept at one version (and of earlier ones).
    bound: usize,
}

struct State<K, V> {
    version: i64,
    values: HashMap<K, V>,
    /// Values of earlier versions, newest first kept, for [`Wanted::OrPrevious`].
    previous: HashMap<K, V>,
    /// Keys whose computation at `version` runs now.
    running: HashSet<K>,
    /// Those of them a warm-up claimed ([`Kept::compute_unclaimed`]).
    warming: HashSet<K>,
}

enum Step<V, K> {
    Done(Vec<V>),
    /// The caller's version is older than the kept one: computed apart, not kept.
    Outdated,
    Previous(Vec<V>, Vec<K>),
    Compute(Vec<K>),
    /// Keys this caller claimed (computed and kept), and keys a warm-up holds (computed apart).
    Apart(Vec<K>, Vec<K>),
    Wait,
}

impl<K, V> Kept<K, V>
where
    K: Clone + Eq + Hash + Send + Sync + 'static,
    V: Clone + Send + Sync + 'static,
{
    pub fn new(bound: usize) -> Self {
        let state = State { version: 0, values: HashMap::new(), previous: HashMap::new(), running: HashSet::new(), warming: HashSet::new() };
        Kept { state: Mutex::new(state), ended: Notify::new(), computed: AtomicU64::new(0), bound }
    }

    /// How many keys were computed so far, at any version.
    pub fn computed(&self) -> u64 {
        self.computed.load(Ordering::Relaxed)
    }

    /// The value of each of `keys` at `version`: kept ones, the others computed once by
    /// `compute` (a batch of missing keys in, their values in that order out), or, as
    /// `wanted` says, an earlier version's while that computation runs.
    pub async fn get<F, Fut>(self: &Arc<Self>, version: i64, keys: &[K], wanted: Wanted, compute: F) -> anyhow::Result<Answer<V>>
    where
        F: Fn(Vec<K>) -> Fut,
        Fut: Future<Output = anyhow::Result<Vec<V>>> + Send + 'static,
    {
        // What this caller computed itself, in case the bound kept it from being kept.
        let mut mine: HashMap<K, V> = HashMap::new();
        loop {
            // Registered before looking, so a computation ending in between is not missed.
            let ended = self.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            match self.step(version, keys, wanted, &mine) {
                Step::Done(values) => return Ok(Answer { values, previous: false }),
                Step::Outdated => return Ok(Answer { values: compute(keys.to_vec()).await?, previous: false }),
                Step::Previous(values, claimed) => {
                    if !claimed.is_empty() {
                        drop(self.spawn(version, claimed.clone(), compute(claimed)));
                    }
                    return Ok(Answer { values, previous: true });
                }
                Step::Compute(claimed) => {
                    let values = self.spawn(version, claimed.clone(), compute(claimed.clone())).await??;
                    mine.extend(claimed.into_iter().zip(values));
                }
                Step::Apart(claimed, warming) => {
                    if !claimed.is_empty() {
                        let values = self.spawn(version, claimed.clone(), compute(claimed.clone())).await??;
                        mine.extend(claimed.into_iter().zip(values));
                    }
                    let values = compute(warming.clone()).await?;
                    mine.extend(warming.into_iter().zip(values));
                }
                Step::Wait => ended.await,
            }
        }
    }

    /// Claims and computes the keys neither kept nor running at `version` (a whole version's
    /// warm-up), in one computation; resolves when it ended, its values kept.
    pub async fn compute_unclaimed<Fut>(self: &Arc<Self>, version: i64, keys: Vec<K>, compute: impl FnOnce(Vec<K>) -> Fut) -> anyhow::Result<()>
    where
        Fut: Future<Output = anyhow::Result<Vec<V>>> + Send + 'static,
    {
        let claimed: Vec<K> = {
            let mut state = self.state.lock().expect("kept values lock");
            if state.version != version {
                return Ok(());
            }
            let State { values, running, warming, .. } = &mut *state;
            let claimed: Vec<K> = keys.into_iter().filter(|k| !values.contains_key(k) && running.insert(k.clone())).collect();
            warming.extend(claimed.iter().cloned());
            claimed
        };
        if !claimed.is_empty() {
            self.spawn(version, claimed.clone(), compute(claimed)).await??;
        }
        Ok(())
    }

    /// Resolves once no computation runs (at the kept version): a whole version's warm-up waits
    /// for the calls' own computations, so a page's figures don't share the cores with it.
    pub async fn settled(&self) {
        loop {
            let ended = self.ended.notified();
            tokio::pin!(ended);
            ended.as_mut().enable();
            if self.state.lock().expect("kept values lock").running.is_empty() {
                return;
            }
            ended.await;
        }
    }

    fn step(&self, version: i64, keys: &[K], wanted: Wanted, mine: &HashMap<K, V>) -> Step<V, K> {
        let mut state = self.state.lock().expect("kept values lock");
        if state.version > version {
            return Step::Outdated;
        }
        if state.version < version {
            state.moved_to(version, self.bound);
        }
        let found: Vec<Option<V>> = keys.iter().map(|k| state.values.get(k).or_else(|| mine.get(k)).cloned()).collect();
        let mut missing: Vec<&K> = keys.iter().zip(&found).filter(|(_, v)| v.is_none()).map(|(k, _)| k).collect();
        if missing.is_empty() {
            return Step::Done(found.into_iter().flatten().collect());
        }
        let mut seen = HashSet::new();
        missing.retain(|k| seen.insert(*k));
        let State { previous, running, .. } = &mut *state;
        let claimed: Vec<K> = missing.iter().filter(|k| running.insert((**k).clone())).map(|k| (*k).clone()).collect();
        if wanted == Wanted::OrPrevious && missing.iter().all(|k| previous.contains_key(*k)) {
            let values = keys.iter().zip(found).map(|(k, v)| v.unwrap_or_else(|| previous[k].clone())).collect();
            return Step::Previous(values, claimed);
        }
        if wanted == Wanted::Current && missing.len() <= APART {
            let warming: Vec<K> = missing.iter().filter(|k| state.warming.contains(**k)).map(|k| (*k).clone()).collect();
            if !warming.is_empty() && claimed.len() + warming.len() == missing.len() {
                return Step::Apart(claimed, warming);
            }
        }
        if claimed.is_empty() { Step::Wait } else { Step::Compute(claimed) }
    }

    /// Runs one computation of `claimed` at `version` in a task of its own: its values are kept
    /// (while the version holds and within the bound) and its claim released when it ends,
    /// whether it succeeds, fails or panics.
    fn spawn<Fut>(self: &Arc<Self>, version: i64, claimed: Vec<K>, computing: Fut) -> tokio::task::JoinHandle<anyhow::Result<Vec<V>>>
    where
        Fut: Future<Output = anyhow::Result<Vec<V>>> + Send + 'static,
    {
        let release = Release { kept: self.clone(), version, claimed };
        tokio::spawn(async move {
            let values = computing.await;
            if let Ok(values) = &values {
                release.keep(values);
            }
            values
        })
    }
}

impl<K: Clone + Eq + Hash, V: Clone> State<K, V> {
    /// A newer version: what was kept becomes the previous values (newest first, within the
    /// bound), and nothing is running at the new version yet.
    fn moved_to(&mut self, version: i64, bound: usize) {
        let mut previous = std::mem::take(&mut self.values);
        for (k, v) in std::mem::take(&mut self.previous) {
            if previous.len() >= bound {
                break;
            }
            previous.entry(k).or_insert(v);
        }
        *self = State { version, values: HashMap::new(), previous, running: HashSet::new(), warming: HashSet::new() };
    }
}

/// A claim on keys at a version, released (and waiters woken) when dropped.
struct Release<K: Clone + Eq + Hash + Send + Sync + 'static, V: Clone + Send + Sync + 'static> {
    kept: Arc<Kept<K, V>>,
    version: i64,
    claimed: Vec<K>,
}

impl<K: Clone + Eq + Hash + Send + Sync + 'static, V: Clone + Send + Sync + 'static> Release<K, V> {
    fn keep(&self, values: &[V]) {
        let mut state = self.kept.state.lock().expect("kept values lock");
        if state.version != self.version {
            return;
        }
        for (k, v) in self.claimed.iter().zip(values) {
            if state.values.len() >= self.kept.bound {
                break;
            }
            state.values.insert(k.clone(), v.clone());
        }
    }
}

impl<K: Clone + Eq + Hash + Send + Sync + 'static, V: Clone + Send + Sync + 'static> Drop for Release<K, V> {
    fn drop(&mut self) {
        if let Ok(mut state) = self.kept.state.lock()
            && state.version == self.version
        {
            for k in &self.claimed {
                state.running.remove(k);
                state.warming.remove(k);
            }
        }
        self.kept.computed.fetch_add(self.claimed.len() as u64, Ordering::Relaxed);
        self.kept.ended.notify_waiters();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A computation that counts its keys and answers each key's length times the version.
    fn doubling(calls: Arc<AtomicU64>, version: i64) -> impl Fn(Vec<String>) -> std::pin::Pin<Box<dyn Future<Output = anyhow::Result<Vec<i64>>> + Send>> {
        move |keys: Vec<String>| {
            let calls = calls.clone();
            Box::pin(async move {
                calls.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                Ok(keys.iter().map(|k| k.len() as i64 * version).collect())
            })
        }
    }

    fn keys(names: &[&str]) -> Vec<String> {
        names.iter().map(|s| (*s).to_owned()).collect()
    }

    #[tokio::test]
    async fn concurrent_callers_share_one_computation_per_key() {
        let kept = Arc::new(Kept::<String, i64>::new(100));
        let calls = Arc::new(AtomicU64::new(0));
        let wanted = keys(&["a", "bb", "ccc"]);
        let callers = (0..20).map(|_| kept.get(1, &wanted, Wanted::Current, doubling(calls.clone(), 1)));
        for answer in futures_util::future::join_all(callers).await {
            let answer = answer.unwrap();
            assert_eq!((answer.values, answer.previous), (vec![1, 2, 3], false));
        }
        assert_eq!(calls.load(Ordering::Relaxed), 1, "one computation for 20 callers");
        assert_eq!(kept.computed(), 3);
    }

    #[tokio::test]
    async fn a_new_version_answers_the_previous_values_while_its_own_are_computed() {
        let kept = Arc::new(Kept::<String, i64>::new(100));
        let calls = Arc::new(AtomicU64::new(0));
        let wanted = keys(&["a", "bb"]);
        kept.get(1, &wanted, Wanted::Current, doubling(calls.clone(), 1)).await.unwrap();
        // Version 2: the list takes version 1's values, marked, and one computation starts.
        let callers = (0..10).map(|_| kept.get(2, &wanted, Wanted::OrPrevious, doubling(calls.clone(), 2)));
        for answer in futures_util::future::join_all(callers).await {
            let answer = answer.unwrap();
            assert_eq!((answer.values, answer.previous), (vec![1, 2], true));
        }
        // A caller that wants the current values waits for that computation, not another.
        let current = kept.get(2, &wanted, Wanted::Current, doubling(calls.clone(), 2)).await.unwrap();
        assert_eq!((current.values, current.previous), (vec![2, 4], false));
        assert_eq!(calls.load(Ordering::Relaxed), 2, "one computation per version");
        let listed = kept.get(2, &wanted, Wanted::OrPrevious, doubling(calls.clone(), 2)).await.unwrap();
        assert_eq!((listed.values, listed.previous), (vec![2, 4], false));
        // A key no earlier version kept is waited for, even by the list.
        let new = kept.get(2, &keys(&["dddd"]), Wanted::OrPrevious, doubling(calls.clone(), 2)).await.unwrap();
        assert_eq!((new.values, new.previous), (vec![8], false));
    }

    #[tokio::test]
    async fn a_failed_computation_releases_its_keys_and_an_older_caller_keeps_nothing() {
        let kept = Arc::new(Kept::<String, i64>::new(100));
        let failing = |_: Vec<String>| async { anyhow::bail!("the lake is gone") };
        assert!(kept.get(3, &keys(&["a"]), Wanted::Current, failing).await.is_err());
        let calls = Arc::new(AtomicU64::new(0));
        let again = kept.get(3, &keys(&["a"]), Wanted::Current, doubling(calls.clone(), 3)).await.unwrap();
        assert_eq!(again.values, [3]);
        // A caller of version 2 after version 3 was seen gets its own values, not kept.
        let old = kept.get(2, &keys(&["a"]), Wanted::Current, doubling(calls.clone(), 2)).await.unwrap();
        assert_eq!(old.values, [2]);
        assert_eq!(kept.get(3, &keys(&["a"]), Wanted::Current, doubling(calls, 3)).await.unwrap().values, [3]);
    }

    #[tokio::test]
    async fn a_few_current_values_are_computed_apart_rather_than_waiting_for_a_warm_up() {
        let kept = Arc::new(Kept::<String, i64>::new(1_000));
        let calls = Arc::new(AtomicU64::new(0));
        // A first call at version 1, as the warm-up always follows one.
        kept.get(1, &keys(&["first"]), Wanted::Current, doubling(calls.clone(), 1)).await.unwrap();
        let (open, gate) = tokio::sync::watch::channel(false);
        // A warm-up of 150 keys that lasts until the gate opens.
        let all: Vec<String> = (0..150).map(|n| "k".repeat(n + 1)).collect();
        let warm = {
            let (kept, all) = (kept.clone(), all.clone());
            tokio::spawn(async move {
                let slow = move |ks: Vec<String>| {
                    let mut gate = gate.clone();
                    async move {
                        gate.wait_for(|open| *open).await?;
                        Ok(ks.iter().map(|k| k.len() as i64).collect())
                    }
                };
                kept.compute_unclaimed(1, all, slow).await
            })
        };
        for _ in 0..1_000 {
            if kept.state.lock().unwrap().warming.len() == 150 {
                break;
            }
            tokio::task::yield_now().await;
        }
        assert_eq!(kept.state.lock().unwrap().warming.len(), 150, "the warm-up holds every key");
        let quick = std::time::Duration::from_secs(5);
        // One key the warm-up holds, with one nobody holds: answered without the warm-up.
        let asked = keys(&["kk", "z"]);
        let one = kept.get(1, &asked, Wanted::Current, doubling(calls.clone(), 1));
        let one = tokio::time::timeout(quick, one).await.expect("not waiting for the warm-up").unwrap();
        assert_eq!((one.values, one.previous), (vec![2, 1], false));
        // The key it holds stays the warm-up's to keep; the other was kept by the caller.
        assert!(kept.state.lock().unwrap().values.contains_key("z"));
        assert!(!kept.state.lock().unwrap().values.contains_key("kk"));
        // Past APART keys, a caller waits for the warm-up.
        let many = kept.get(1, &all[..APART + 1], Wanted::Current, doubling(calls.clone(), 1));
        tokio::pin!(many);
        assert!(tokio::time::timeout(std::time::Duration::from_millis(200), &mut many).await.is_err(), "waits");
        open.send(true).unwrap();
        let many = tokio::time::timeout(quick, many).await.unwrap().unwrap();
        assert_eq!(many.values, (1..=APART as i64 + 1).collect::<Vec<_>>());
        warm.await.unwrap().unwrap();
        assert_eq!(calls.load(Ordering::Relaxed), 3, "the first call, the caller's own key, the key computed apart; the many waited");
    }

    #[tokio::test]
    async fn past_the_bound_a_caller_still_gets_what_it_computed() {
        let kept = Arc::new(Kept::<String, i64>::new(1));
        let calls = Arc::new(AtomicU64::new(0));
        let answer = kept.get(1, &keys(&["a", "bb", "a"]), Wanted::Current, doubling(calls.clone(), 1)).await.unwrap();
        assert_eq!(answer.values, [1, 2, 1]);
        assert_eq!(calls.load(Ordering::Relaxed), 1);
    }
}
