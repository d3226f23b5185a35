-- Custom SQL migration file, put your code below! --
SELECT app_enable_tenant_rls('visits');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON visits TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('visit_hosts');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON visit_hosts TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('person_documents');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON person_documents TO app_user;
--> statement-breakpoint
SELECT app_enable_tenant_rls('badge_prints');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON badge_prints TO app_user;
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_user_type_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE SET NULL ("user_type_id");
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_journey_fk" FOREIGN KEY ("entity_id","journey_id") REFERENCES "public"."journeys"("entity_id","id") ON DELETE SET NULL ("journey_id");
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_journey_flow_fk" FOREIGN KEY ("entity_id","journey_flow_id") REFERENCES "public"."journey_flows"("entity_id","id") ON DELETE SET NULL ("journey_flow_id");
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_kiosk_fk" FOREIGN KEY ("entity_id","kiosk_id") REFERENCES "public"."kiosks"("entity_id","id") ON DELETE SET NULL ("kiosk_id");
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_late_reason_fk" FOREIGN KEY ("entity_id","late_reason_id") REFERENCES "public"."attendance_reasons"("entity_id","id") ON DELETE SET NULL ("late_reason_id");
--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_early_reason_fk" FOREIGN KEY ("entity_id","early_reason_id") REFERENCES "public"."attendance_reasons"("entity_id","id") ON DELETE SET NULL ("early_reason_id");
--> statement-breakpoint
ALTER TABLE "person_documents" ADD CONSTRAINT "person_documents_visit_fk" FOREIGN KEY ("entity_id","visit_id") REFERENCES "public"."visits"("entity_id","id") ON DELETE SET NULL ("visit_id");
--> statement-breakpoint
ALTER TABLE "badge_prints" ADD CONSTRAINT "badge_prints_kiosk_fk" FOREIGN KEY ("entity_id","kiosk_id") REFERENCES "public"."kiosks"("entity_id","id") ON DELETE SET NULL ("kiosk_id");
--> statement-breakpoint
ALTER TABLE "compliance_responses" ADD CONSTRAINT "compliance_responses_visit_fk" FOREIGN KEY ("entity_id","visit_id") REFERENCES "public"."visits"("entity_id","id") ON DELETE SET NULL ("visit_id");
