-- Faults (issue 13). A running job names the lease of the process that runs it: a Postgres
-- advisory lock that process holds on a connection of its own for as long as it lives. When the
-- process dies (kill -9 included) Postgres drops the lock, and the job is claimed again at once
-- instead of waiting for its heartbeat to go stale.
alter table jobs add column if not exists lease integer;

-- Before this index, a job re-run after a crash could commit its rows a second time: a job
-- may have several live batches. Keep the first (lowest id) and retire the others so their
-- rows stop being visible, the way the lake hides rows:
-- * their files leave the snapshot: `live = false` (what compaction does to the files it
--   replaces; the snapshot lists only live files). The files stay on disk, unlisted;
-- * their row ids are recorded as deleted (what deleting customer rows does), which also
--   hides any of their rows that compaction already copied into a newer file (compaction
--   keeps row ids, and its batches belong to no job);
-- * the batch becomes 'failed', the one status besides 'live' a committed batch can take: it
--   is not live, so a re-run of the job neither counts it nor trips the index below.
-- A row id is the batch id in the high 32 bits and the row's place in the batch in the low ones
-- (lake::row_id); `rows` is the batch's row count.
with extra as (
    select id from lake_batches b
    where status = 'live' and job_id is not null
      and exists (select 1 from lake_batches k where k.job_id = b.job_id and k.status = 'live' and k.id < b.id)
), retired_files as (
    update lake_files set live = false, retired_at = now()
    where live and batch_id in (select id from extra)
), hidden_rows as (
    insert into lake_deletions (dataset, row_id)
    select b.dataset, (b.id << 32) | n
    from lake_batches b, generate_series(0::bigint, b.rows - 1) n
    where b.id in (select id from extra)
    on conflict do nothing
)
update lake_batches set status = 'failed', note = '同一任务的重复导入，已撤下（保留最早的一批）'
where id in (select id from extra);

-- At most one live batch per job: a job re-run after a crash that had already committed its
-- rows finds them instead of importing them twice, and two runs racing can't both commit.
create unique index lake_batches_job_live_idx on lake_batches (job_id) where status = 'live';
