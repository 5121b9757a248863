-- Customer data per order and the 正负三 upload (issue 17).
--
-- orderCustomerUp is two steps, like the point move: typeY 1 stores the admin's preview of the
-- order (the filters it was asked with and a fingerprint of the rows it would attach and where
-- each lands); typeY 2 applies exactly that preview under the order's row lock.
create table order_customer_previews (
    order_id   bigint not null constraint order_customer_previews_order_fk references orders (id) on delete cascade,
    admin_id   bigint not null constraint order_customer_previews_admin_fk references admins (id) on delete cascade,
    args       text not null,
    basis      text not null,
    preview    jsonb not null,
    created_at timestamptz not null default now(),
    primary key (order_id, admin_id)
);

-- What an order's attached customer data was chosen by: one attachment per order, replaced by
-- the next. Category and source are the filters applied (null: any).
create table order_customer_attachments (
    order_id    bigint primary key constraint order_customer_attachments_order_fk references orders (id) on delete cascade,
    category    smallint,
    source      smallint,
    from_ymd    date not null,
    to_ymd      date not null,
    spots       integer not null,
    grp         double precision not null,
    admin_id    bigint constraint order_customer_attachments_admin_fk references admins (id) on delete set null,
    created_at  timestamptz not null default now()
);

-- The attached rows, a copy of each lake row taken at attach time: lake rows are immutable
-- batches that may be deleted (and compacted away), and what the order was evaluated on must not
-- change under it when they are; attaching again refreshes the copy. The line is where the
-- grid's placement put the row (null: no line takes it); a line removed later leaves it null.
create table order_customer_rows (
    order_id          bigint not null constraint order_customer_rows_order_fk references orders (id) on delete cascade,
    row_id            bigint not null,
    ymd               date not null,
    secs              integer not null,
    title             text not null,
    grp               double precision not null,
    position          text,
    position_index    integer,
    position_of       integer,
    position_from_end boolean not null default false,
    line_id           bigint constraint order_customer_rows_line_fk references order_lines (id) on delete set null,
    category          smallint not null,
    source            smallint not null,
    primary key (order_id, row_id)
);
create index order_customer_rows_line on order_customer_rows (line_id);

-- The positions a 正负三 upload recorded for an order, per data category and source: an upload
-- replaces those of its category and source.
create table order_positions (
    id                bigserial primary key,
    order_id          bigint not null constraint order_positions_order_fk references orders (id) on delete cascade,
    category          smallint not null,
    source            smallint not null,
    row_no            integer not null,
    ymd               date not null,
    secs              integer not null,
    title             text not null,
    position          text not null,
    position_index    integer,
    position_of       integer,
    position_from_end boolean not null,
    created_at        timestamptz not null default now()
);
create index order_positions_order on order_positions (order_id, category, source);
