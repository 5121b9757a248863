-- Short-lived, single-use tickets that stand in for the session token where a URL must carry
-- it (downloads, the realtime socket): bound to their session, stored hashed, shared by every
-- server process.
create table auth_tickets (
    ticket_hash bytea primary key,
    session_id  bigint not null constraint auth_tickets_session_fk references admin_sessions (id) on delete cascade,
    expires_at  timestamptz not null,
    created_at  timestamptz not null default now()
);
create index auth_tickets_expires_idx on auth_tickets (expires_at);
create index auth_tickets_session_idx on auth_tickets (session_id);
