-- Custom SQL migration file, put your code below! --
-- One call per new tenant table from here on: row-level security on app.entity_id.
CREATE OR REPLACE FUNCTION app_enable_tenant_rls(tbl text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('ALTER TABLE %I ENABLE ROW LEVEL SECURITY', tbl);
  EXECUTE format('DROP POLICY IF EXISTS tenant_isolation ON %I', tbl);
  EXECUTE format('CREATE POLICY tenant_isolation ON %I USING (entity_id = app_current_entity()) WITH CHECK (entity_id = app_current_entity())', tbl);
END $$;
--> statement-breakpoint
SELECT app_enable_tenant_rls('sites');
--> statement-breakpoint
SELECT app_enable_tenant_rls('areas');
--> statement-breakpoint
SELECT app_enable_tenant_rls('membership_sites');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON sites, areas, membership_sites TO app_user;
