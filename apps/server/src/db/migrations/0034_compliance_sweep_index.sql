-- Custom SQL migration file, put your code below! --
-- The compliance mails' minute sweep (modules/compliance-mails) looks for expected visits still to come
-- that have a journey flow, in every company. Without an index of its own it read the whole visits
-- table each minute: seconds on a large embedded database, during which every request waited.
CREATE INDEX IF NOT EXISTS visits_expected_to_come_idx ON visits (expected_at)
  WHERE state = 'expected' AND journey_flow_id IS NOT NULL;
