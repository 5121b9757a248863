-- Moving a cell's missing spots (issue 16, orderSummaryGrpYmdYdY): how many spots of a flagged
-- cell were moved out already (a spot moves once), how many spots of a cell were placed as
-- make-goods (type B moves and adds; imported B spots are contracted, not make-goods), and the
-- preview a typeY 1 stored for its typeY 2.

alter table order_cells add column moved integer not null default 0 constraint order_cells_moved_check check (moved >= 0);
alter table order_cells add column make_good integer not null default 0 constraint order_cells_make_good_check check (make_good >= 0);

-- One pending move preview per order and admin: typeY 2 applies it only when sent with the same
-- arguments and while the fingerprint of what it showed still matches.
create table cell_move_previews (
    order_id   bigint not null constraint cell_move_previews_order_fk references orders (id) on delete cascade,
    admin_id   bigint not null constraint cell_move_previews_admin_fk references admins (id) on delete cascade,
    args       text not null,
    basis      text not null,
    preview    jsonb not null,
    created_at timestamptz not null default now(),
    primary key (order_id, admin_id)
);
