-- The newest row id of an order's 正负三 positions is the stamp the server keeps them in memory
-- under (orders::customer::memo): read on every figure of the order, so it is an index lookup.
create index order_positions_order_id on order_positions (order_id, id);
