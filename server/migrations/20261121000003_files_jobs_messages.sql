-- Uploaded files, chunked uploads in flight, the durable job table and user messages.

-- Secrets the server makes for itself on first start and every process of one database shares
-- (the upload-policy key). Never sent to a client.
create table server_secrets (
    name       text primary key,
    value      bytea not null,
    created_at timestamptz not null default now()
);

-- One uploaded object. `path` is the object key the server chose (never the client's name);
-- `purpose` is the tag plus its normalised tagValue: the same content (sha256) is taken once
-- per purpose, unless its import failed.
create table files (
    id          bigint generated always as identity primary key,
    file_name   text not null,
    path        text not null constraint files_path_key unique,
    mime_type   text not null,
    size        bigint not null constraint files_size_check check (size > 0),
    extension   text not null constraint files_extension_check check (extension in ('xlsx', 'xls', 'csv')),
    description text not null default '',
    tags        text not null,
    tag_value   jsonb not null default '{}',
    purpose     text not null,
    sha256      bytea not null,
    admin_id    bigint references admins (id) on delete set null,
    created_at  timestamptz not null default now()
);
create index files_created_at_idx on files (created_at desc);
create index files_purpose_sha_idx on files (purpose, sha256);

-- A chunked upload in flight, keyed by its object key. Parts wait under partial/<id>/ in the
-- object store until the last one arrives; abandoned ones are purged.
create table uploads (
    id          bigint generated always as identity primary key,
    key         text not null constraint uploads_key_key unique,
    admin_id    bigint not null references admins (id) on delete cascade,
    chunks      integer not null constraint uploads_chunks_check check (chunks between 1 and 64),
    first_bytes bytea,
    created_at  timestamptz not null default now(),
    completed_at timestamptz
);

create table upload_parts (
    upload_id  bigint not null references uploads (id) on delete cascade,
    chunk      integer not null,
    size       bigint not null,
    created_at timestamptz not null default now(),
    primary key (upload_id, chunk)
);

-- Durable background jobs (imports). Workers claim with `for update skip locked`; a running job
-- whose heartbeat stops (its process died) is claimed again after a restart.
create table jobs (
    id           bigint generated always as identity primary key,
    kind         text not null,
    file_id      bigint references files (id) on delete cascade,
    admin_id     bigint references admins (id) on delete set null,
    payload      jsonb not null default '{}',
    status       text not null default 'queued'
                 constraint jobs_status_check check (status in ('queued', 'running', 'done', 'failed')),
    progress     smallint not null default 0 constraint jobs_progress_check check (progress between 0 and 100),
    message      text not null default '',
    error        text,
    attempts     integer not null default 0,
    locked_by    text,
    heartbeat_at timestamptz,
    created_at   timestamptz not null default now(),
    started_at   timestamptz,
    finished_at  timestamptz
);
create index jobs_pending_idx on jobs (id) where status in ('queued', 'running');
create index jobs_file_idx on jobs (file_id);

-- Notifications for one account (the navbar bell). status 1 unread, 2 read.
create table messages (
    id         bigint generated always as identity primary key,
    admin_id   bigint not null references admins (id) on delete cascade,
    content    text not null,
    status     smallint not null default 1 constraint messages_status_check check (status in (1, 2)),
    created_at timestamptz not null default now()
);
create index messages_admin_idx on messages (admin_id, id desc);
