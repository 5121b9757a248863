-- An order's make-good policy (issue 16): how many spots a missing spot owes. 1 无 (none),
-- 2 错一补一 (one for one), 3 漏一补二 (two for one).
alter table orders add column make_good_policy smallint not null default 1
    constraint orders_make_good_policy_check check (make_good_policy between 1 and 3);
