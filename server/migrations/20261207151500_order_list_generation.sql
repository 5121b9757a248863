-- The order list's write generation (docs/decisions.md, "The order list's pages kept"): a
-- process keeps a page of orderList under the lake's version, this generation, the day and the
-- call's arguments, and serves it again while all four are unchanged. So every committed write
-- to a table the list could read moves the generation, whoever writes (a call, a job, another
-- server process, a hand-written fix), in the same transaction as the write.
--
-- Sixteen rows, summed by the reader: a writer bumps the row of its connection
-- (pg_backend_pid() % 16), so writers on different connections rarely wait for each other's
-- commit; any bump raises the sum.
create table order_list_generation (
    shard      smallint primary key constraint order_list_generation_shard_check check (shard between 0 and 15),
    generation bigint not null default 0
);
insert into order_list_generation (shard) select generate_series(0, 15);

-- A write's statements mark their transaction (a transaction-local setting, undone with a
-- rolled-back savepoint) and the first one queues one row in order_list_writes; that row's
-- deferred trigger bumps the generation once, at commit. The shard's row is locked only for
-- the commit itself, not from the first write on, so a long write holds no one up and no
-- writer waits on the counter while holding rows another one needs.
create table order_list_writes (
    id bigint generated always as identity primary key
);

create function order_list_mark() returns trigger language plpgsql as $$
begin
    if current_setting('adeval.order_list_marked', true) is distinct from 'yes' then
        perform set_config('adeval.order_list_marked', 'yes', true);
        insert into order_list_writes default values;
    end if;
    return null;
end
$$;

create function order_list_bump() returns trigger language plpgsql as $$
begin
    update order_list_generation set generation = generation + 1 where shard = pg_backend_pid() % 16;
    delete from order_list_writes where id = new.id;
    return null;
end
$$;

create constraint trigger order_list_writes_bump after insert on order_list_writes
    deferrable initially deferred for each row execute function order_list_bump();

-- Every table but those whose writes cannot change the list: accounts, sessions, the
-- operation log, files, jobs, messages, exports, typeY 1 previews (written by reads), goal
-- alerts and order logs (written by checks and writes beside what they record), and the lake's
-- own tables, whose version is part of the page's key. A table added later gets the trigger in
-- its migration or joins this list (server/tests/api/orders/list_kept.rs checks which tables
-- have it).
do $$
declare
    t text;
begin
    for t in
        select tablename from pg_tables
        where schemaname = current_schema()
          and tablename not in (
              'admins', 'admin_sessions', 'admin_logs', 'auth_rules', 'auth_tickets', 'login_attempts',
              'server_secrets', 'files', 'uploads', 'upload_parts', 'exports', 'jobs', 'messages',
              'cell_move_previews', 'certificate_previews', 'order_customer_previews',
              'order_goal_alerts', 'order_logs', 'lake_files', 'lake_deletions', 'lake_manifest',
              'order_list_generation', 'order_list_writes', '_sqlx_migrations')
    loop
        execute format(
            'create trigger %I after insert or update or delete or truncate on %I
             for each statement execute function order_list_mark()',
            t || '_marks_order_list', t);
    end loop;
end
$$;
