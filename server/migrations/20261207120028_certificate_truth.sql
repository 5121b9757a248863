-- Broadcast certificates tell one truth (docs/evaluation.md, "Broadcast certificates").

-- Spots of a cell that a confirmed certificate showed aired with no plan in their month (the
-- free type C cells a confirmation makes or adds to): the comparison counts them as added,
-- never as planned, before and after the confirmation alike.
alter table order_cells add column free_aired integer not null default 0
    constraint order_cells_free_aired_check check (free_aired >= 0);

-- The batch a confirmation last applied to a month it could not confirm (the month was still
-- running: its days so far were verified). While it is still the month's batch the month
-- awaits nothing until it is over; a re-import replaces the row, a correction clears it.
alter table order_certificate_months add column checked_batch_id bigint
    constraint order_certificate_months_checked_batch_fk references lake_batches (id);

-- Previews stored before these columns hold no free spots in their basis and no spot counts:
-- typeY 2 could not apply them, so they go (a preview is only ever a typeY 1 away).
delete from certificate_previews;
