-- Custom SQL migration file, put your code below! --
-- The History report's filters (issue 14): each a plain comparison on visits that an index leading with
-- entity_id serves under row-level security, in the report's order by activity, so a rare site, area,
-- user type or reason is found without reading the company's range.
CREATE INDEX IF NOT EXISTS visits_entity_site_activity_idx ON visits (entity_id, site_id, activity_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS visits_entity_area_activity_idx ON visits (entity_id, area_id, activity_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS visits_entity_user_type_activity_idx ON visits (entity_id, user_type_id, activity_at, id);
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS visits_entity_late_reason_idx ON visits (entity_id, late_reason_id, activity_at) WHERE late_reason_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS visits_entity_early_reason_idx ON visits (entity_id, early_reason_id, activity_at) WHERE early_reason_id IS NOT NULL;
--> statement-breakpoint
-- The people holding a profile value (the custom-field filter).
CREATE INDEX IF NOT EXISTS person_field_values_field_idx ON person_field_values (entity_id, field_id);
--> statement-breakpoint
-- A visit's story: its compliance answers and its badge prints.
CREATE INDEX IF NOT EXISTS compliance_responses_visit_idx ON compliance_responses (entity_id, visit_id) WHERE visit_id IS NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS badge_prints_visit_idx ON badge_prints (entity_id, visit_id);
