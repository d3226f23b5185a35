-- Custom SQL migration file, put your code below! --
SELECT app_enable_tenant_rls('compliances');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON compliances TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('compliance_versions');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON compliance_versions TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('compliance_responses');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON compliance_responses TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('attendance_modes');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_modes TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('attendance_mode_sites');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_mode_sites TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('attendance_reasons');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON attendance_reasons TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('journeys');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON journeys TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('journey_sites');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON journey_sites TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('journey_flows');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON journey_flows TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('journey_flow_compliances');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON journey_flow_compliances TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('journey_flow_attendance_modes');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON journey_flow_attendance_modes TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('journey_flow_hosts');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON journey_flow_hosts TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('visit_permits');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON visit_permits TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('person_visit_permits');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON person_visit_permits TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('user_type_visit_permits');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON user_type_visit_permits TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('announcements');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON announcements TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('announcement_user_types');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON announcement_user_types TO app_user;
--> statement-breakpoint
ALTER TABLE "kiosks" ADD CONSTRAINT "kiosks_journey_fk" FOREIGN KEY ("entity_id","journey_id") REFERENCES "public"."journeys"("entity_id","id") ON DELETE SET NULL ("journey_id");
