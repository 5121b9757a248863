-- The Parquet lake's manifest (DESIGN.md §1): which files are live, per import batch, and which
-- rows are deleted. A batch's files are written first and become visible only when the
-- transaction that marks them live commits; a crash before that leaves nothing visible.

create table lake_batches (
    id           bigint generated always as identity primary key,
    dataset      text not null constraint lake_batches_dataset_check check (dataset in ('viewing', 'ratings')),
    status       text not null default 'writing'
                 constraint lake_batches_status_check check (status in ('writing', 'live', 'failed')),
    -- Where the rows came from: an uploaded file (with its job) or the shell.
    file_id      bigint references files (id) on delete set null,
    job_id       bigint references jobs (id) on delete set null,
    admin_id     bigint references admins (id) on delete set null,
    origin       text not null default 'upload' constraint lake_batches_origin_check check (origin in ('upload', 'cli', 'demo')),
    -- Data category (1–4), source (1–3) and ownership (1 client, 2 media) of the batch's rows.
    category     smallint,
    source       smallint,
    belonging_to smallint,
    rows         bigint not null default 0,
    note         text not null default '',
    created_at   timestamptz not null default now(),
    committed_at timestamptz
);

create table lake_files (
    id         bigint generated always as identity primary key,
    batch_id   bigint not null references lake_batches (id) on delete cascade,
    dataset    text not null,
    -- Relative to the lake root, e.g. viewing/month=2026-03/b12-0.parquet.
    path       text not null constraint lake_files_path_key unique,
    month      text not null,
    rows       bigint not null,
    bytes      bigint not null,
    min_time   timestamp,
    max_time   timestamp,
    live       boolean not null default false,
    created_at timestamptz not null default now(),
    retired_at timestamptz
);
create index lake_files_live_idx on lake_files (dataset, month) where live;

-- Deleted rows, by row id, honoured by every query until compaction rewrites their files.
create table lake_deletions (
    dataset    text not null,
    row_id     bigint not null,
    admin_id   bigint references admins (id) on delete set null,
    deleted_at timestamptz not null default now(),
    primary key (dataset, row_id)
);
