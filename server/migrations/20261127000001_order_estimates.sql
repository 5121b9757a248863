-- Viewing estimates edited per order and time-period class (DESIGN §5.3): the expected GRP of
-- one spot of the class, normal / low / high, replacing the computed default until reset
-- (a reset deletes the row). Who edited last and when. A class of another media is refused
-- by the call; the order's and the class's deletion take their edits with them.
create table order_estimates (
    order_id       bigint not null constraint order_estimates_order_fk references orders (id) on delete cascade,
    class_id       bigint not null constraint order_estimates_class_fk references time_period_classes (id) on delete cascade,
    normal         numeric(14, 3) not null,
    low            numeric(14, 3) not null,
    high           numeric(14, 3) not null,
    edited_by      bigint constraint order_estimates_edited_by_fk references admins (id) on delete set null,
    edited_by_name text not null,
    edited_at      timestamptz not null default now(),
    primary key (order_id, class_id),
    constraint order_estimates_values_check check (0 <= low and low <= normal and normal <= high and high <= 100000)
);
create index order_estimates_class_idx on order_estimates (class_id);
