-- Guards a review found missing in the orders schema:
-- * a cell reads its order's cycle under a share lock, so a concurrent cycle change waits for
--   the cell's transaction (and the cell for it) instead of both passing their checks;
-- * a schedule line keeps its order and month (its cells were checked against them).

create or replace function order_cells_in_cycle() returns trigger language plpgsql as $$
declare
    line_month date;
    first_day  date;
    last_day   date;
begin
    select l.month, o.cycle_start, o.cycle_end into line_month, first_day, last_day
    from order_lines l join orders o on o.id = l.order_id where l.id = new.line_id
    for share of o;
    if date_trunc('month', new.ymd)::date <> line_month then
        raise exception 'cell % is outside its line''s month %', new.ymd, line_month
            using errcode = 'check_violation', constraint = 'order_cells_month_check';
    end if;
    if new.ymd < first_day or new.ymd > last_day then
        raise exception 'cell % is outside the order''s cycle', new.ymd
            using errcode = 'check_violation', constraint = 'order_cells_cycle_check';
    end if;
    return new;
end $$;

create function order_lines_fixed() returns trigger language plpgsql as $$
begin
    if new.order_id <> old.order_id or new.month <> old.month then
        raise exception 'schedule line % keeps its order and month', old.id
            using errcode = 'check_violation', constraint = 'order_lines_fixed_check';
    end if;
    return new;
end $$;
create trigger order_lines_fixed before update of order_id, month on order_lines
    for each row execute function order_lines_fixed();

-- The housekeeping timer looks for due changes.
create index order_tape_changes_due_idx on order_tape_changes (execute_at) where status <> 3;
