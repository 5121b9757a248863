-- Broadcast certificates (DESIGN §5.1, issue 15). The rows of an imported certificate are an
-- immutable lake batch (dataset `certificates`); what Postgres holds is which batch is an
-- order's current certificate per month and whether that month is confirmed, the corrections
-- made to rows since (a period assigned, a version swapped), the preview a typeY 1 stored for
-- its typeY 2, and how many spots of each cell the certificate confirmed.

alter table lake_batches drop constraint lake_batches_dataset_check;
alter table lake_batches add constraint lake_batches_dataset_check check (dataset in ('viewing', 'ratings', 'certificates'));

-- The current certificate of each month of an order. A re-import replaces the unconfirmed
-- months (their rows stop being current); a confirmed month keeps its batch for good.
create table order_certificate_months (
    order_id     bigint not null constraint order_certificate_months_order_fk references orders (id) on delete cascade,
    month        date not null constraint order_certificate_months_month_check check (extract(day from month) = 1),
    batch_id     bigint not null constraint order_certificate_months_batch_fk references lake_batches (id),
    confirmed_at timestamptz,
    confirmed_by bigint constraint order_certificate_months_confirmed_by_fk references admins (id) on delete set null,
    primary key (order_id, month)
);
create index order_certificate_months_batch_idx on order_certificate_months (batch_id);

-- A certificate row's effective period and version: the correction's where it has one, else
-- the lake row's. Keyed by the lake row id, which is unique across the lake.
create table certificate_corrections (
    row_id         bigint primary key,
    order_id       bigint not null constraint certificate_corrections_order_fk references orders (id) on delete cascade,
    time_period_id bigint constraint certificate_corrections_period_fk references time_periods (id),
    tape_id        bigint constraint certificate_corrections_tape_fk references product_tapes (id),
    admin_id       bigint constraint certificate_corrections_admin_fk references admins (id) on delete set null,
    updated_at     timestamptz not null default now()
);
create index certificate_corrections_order_idx on certificate_corrections (order_id);

-- The preview a typeY 1 computed, with the fingerprint of what it was computed from: typeY 2
-- applies it only while the fingerprint still matches.
create table certificate_previews (
    order_id   bigint primary key constraint certificate_previews_order_fk references orders (id) on delete cascade,
    basis      text not null,
    preview    jsonb not null,
    created_by bigint constraint certificate_previews_created_by_fk references admins (id) on delete set null,
    created_at timestamptz not null default now()
);

-- Spots of the cell a confirmed certificate showed aired (issue 16 moves at most point − aired).
alter table order_cells add column aired integer not null default 0 constraint order_cells_aired_check check (aired >= 0);
