-- Who made each export and through which menu: the download is the maker's, or any account's
-- holding that menu (issue 13). Removed with the file by the purge.
create table exports (
    id         text primary key,
    admin_id   bigint not null constraint exports_admin_fk references admins (id) on delete cascade,
    -- The menu of the call that made it; null: the maker alone.
    menu_id    bigint,
    object_key text not null,
    created_at timestamptz not null default now()
);
create index exports_created_idx on exports (created_at);
