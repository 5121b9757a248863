-- The manifest's version (issue 14): one number bumped by every statement that changes which
-- lake files are live or which rows are deleted, whoever runs it (imports, compaction, deleting
-- customer rows, migrations, a hand-written fix). A process keeps the snapshot it read with the
-- version it read it at, and on the next query asks only for the version: an unchanged lake is
-- not read again. The bump is per statement, not per row: deleting 10,000 rows is one bump.
create table lake_manifest (
    id      boolean primary key default true constraint lake_manifest_one_row check (id),
    version bigint not null default 0
);
insert into lake_manifest default values;

create function lake_manifest_bump() returns trigger language plpgsql as $$
begin
    update lake_manifest set version = version + 1;
    return null;
end
$$;

create trigger lake_files_bump_manifest after insert or update or delete or truncate on lake_files
    for each statement execute function lake_manifest_bump();
create trigger lake_deletions_bump_manifest after insert or update or delete or truncate on lake_deletions
    for each statement execute function lake_manifest_bump();
