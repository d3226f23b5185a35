-- Custom SQL migration file, put your code below! --
SELECT app_enable_tenant_rls('departments');
--> statement-breakpoint
SELECT app_enable_tenant_rls('people');
--> statement-breakpoint
SELECT app_enable_tenant_rls('person_sites');
--> statement-breakpoint
SELECT app_enable_tenant_rls('person_user_types');
--> statement-breakpoint
SELECT app_enable_tenant_rls('user_type_hosts');
--> statement-breakpoint
SELECT app_enable_tenant_rls('labels');
--> statement-breakpoint
SELECT app_enable_tenant_rls('person_labels');
--> statement-breakpoint
SELECT app_enable_tenant_rls('quick_passes');
--> statement-breakpoint
SELECT app_enable_tenant_rls('rfid_enrolments');
--> statement-breakpoint
SELECT app_enable_tenant_rls('table_preferences');
--> statement-breakpoint
SELECT app_enable_tenant_rls('kiosks');
--> statement-breakpoint
SELECT app_enable_tenant_rls('custom_field_sections');
--> statement-breakpoint
SELECT app_enable_tenant_rls('custom_fields');
--> statement-breakpoint
SELECT app_enable_tenant_rls('person_field_values');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON departments, people, person_sites, person_user_types, user_type_hosts, labels, person_labels, quick_passes, rfid_enrolments, table_preferences, kiosks, custom_field_sections, custom_fields, person_field_values TO app_user;
--> statement-breakpoint
-- Every existing dashboard member becomes one of the company's people, linked to the membership.
INSERT INTO people (entity_id, id, first_name, last_name, email, role_id, qr_code, is_default, dashboard_access, membership_id, user_id, created_at, updated_at)
SELECT m.entity_id, gen_random_uuid(), u.first_name, u.last_name, u.email, m.role_id,
       replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''),
       m.is_owner, 'active', m.id, u.id, m.created_at, m.updated_at
FROM memberships m JOIN users u ON u.id = m.user_id;
--> statement-breakpoint
-- An admin's assigned sites are now the person's sites.
INSERT INTO person_sites (entity_id, person_id, site_id)
SELECT ms.entity_id, p.id, ms.site_id
FROM membership_sites ms JOIN people p ON p.entity_id = ms.entity_id AND p.membership_id = ms.membership_id;
