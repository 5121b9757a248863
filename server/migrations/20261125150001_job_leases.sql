-- Faults (issue 13). A running job names the lease of the process that runs it: a Postgres
-- advisory lock that process holds on a connection of its own for as long as it lives. When the
-- process dies (kill -9 included) Postgres drops the lock, and the job is claimed again at once
-- instead of waiting for its heartbeat to go stale.
alter table jobs add column lease integer;

-- At most one live batch per job: a job re-run after a crash that had already committed its
-- rows finds them instead of importing them twice, and two runs racing can't both commit.
create unique index lake_batches_job_live_idx on lake_batches (job_id) where status = 'live';
