-- Goal alerts (issue 17, DESIGN §5.3): whether an order's side was last seen with its expected
-- (normal) completion more than 5 % below its target. A message goes out when this turns from
-- not below to below, once per crossing: the row is flipped by one conditional upsert, so of
-- many requests seeing the same crossing at once exactly one flips it and notifies.

create table order_goal_alerts (
    order_id     bigint not null constraint order_goal_alerts_order_fk references orders (id) on delete cascade,
    -- 1 customer, 2 media.
    belonging_to smallint not null constraint order_goal_alerts_belonging_to_check check (belonging_to in (1, 2)),
    below        boolean not null,
    created_at   timestamptz not null default now(),
    updated_at   timestamptz not null default now(),
    primary key (order_id, belonging_to)
);
create trigger order_goal_alerts_updated_at before update on order_goal_alerts
    for each row execute function set_updated_at();
