-- Custom SQL migration file, put your code below! --
-- The logbook by latest activity shows the arrivals (and the departures that follow them) first and the
-- visits nobody has arrived for yet — expected later, not come, cancelled — after them, so a visit
-- expected this evening never pushes someone who just signed in off the first page. Each group has its
-- own index by activity, carrying when each visit stopped being current (decision 022); `signed_in_at
-- IS [NOT] NULL` is a plain test that row-level security lets an index answer.
CREATE INDEX IF NOT EXISTS visits_entity_arrived_activity_idx ON visits (entity_id, activity_at, id) INCLUDE (active_until) WHERE signed_in_at IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS visits_entity_awaited_activity_idx ON visits (entity_id, activity_at, id) INCLUDE (active_until) WHERE signed_in_at IS NULL;
