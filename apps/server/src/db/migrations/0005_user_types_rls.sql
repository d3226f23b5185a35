-- Custom SQL migration file, put your code below! --
SELECT app_enable_tenant_rls('user_types');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON user_types TO app_user;
