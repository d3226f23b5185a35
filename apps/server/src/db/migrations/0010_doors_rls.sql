-- Custom SQL migration file, put your code below! --
SELECT app_enable_tenant_rls('doors');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON doors TO app_user;
--> statement-breakpoint
ALTER TABLE "doors" ADD CONSTRAINT "doors_kiosk_fk" FOREIGN KEY ("entity_id","kiosk_id") REFERENCES "public"."kiosks"("entity_id","id") ON DELETE SET NULL ("kiosk_id");
