-- Custom SQL migration file, put your code below! --
-- Who a caller is and what they may do is kept in memory by each app node for a short while (the
-- access cache, modules/access/access-cache.ts). Every change to what that is made of announces itself
-- on the channel `access_changed`, delivered at commit to every node listening on this database:
--   s:<session id>  a session ended or changed company or two-step state
--   u:<user id>     a login or one of its memberships changed
--   e:<entity id>   a company, its roles, their permissions, or an admin's scope (sites, user types) changed
-- NOTIFY folds identical payloads within a transaction, so a bulk change sends one notice per company.

CREATE OR REPLACE FUNCTION app_notice_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 's:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_notice_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('access_changed', 'u:' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('access_changed', 'u:' || NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_notice_login() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'u:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_notice_entity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('access_changed', 'e:' || OLD.entity_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('access_changed', 'e:' || NEW.entity_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION app_notice_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('access_changed', 'e:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sessions: ended, or moved to another company, or through two-step (not the once-a-minute touch).
CREATE TRIGGER sessions_access_notice AFTER DELETE OR UPDATE OF user_id, entity_id, otp_pending, csrf_token, expires_at
  ON sessions FOR EACH ROW EXECUTE FUNCTION app_notice_session();
--> statement-breakpoint
CREATE TRIGGER users_access_notice AFTER DELETE OR UPDATE ON users FOR EACH ROW EXECUTE FUNCTION app_notice_login();
--> statement-breakpoint
CREATE TRIGGER memberships_access_notice AFTER INSERT OR UPDATE OR DELETE ON memberships
  FOR EACH ROW EXECUTE FUNCTION app_notice_user();
--> statement-breakpoint
CREATE TRIGGER entities_access_notice AFTER DELETE OR UPDATE ON entities FOR EACH ROW EXECUTE FUNCTION app_notice_company();
--> statement-breakpoint
CREATE TRIGGER roles_access_notice AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH ROW EXECUTE FUNCTION app_notice_entity();
--> statement-breakpoint
CREATE TRIGGER role_permissions_access_notice AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH ROW EXECUTE FUNCTION app_notice_entity();
--> statement-breakpoint
-- An admin's scope: their sites and user types (with every type below them), through their person.
CREATE TRIGGER person_sites_access_notice AFTER INSERT OR UPDATE OR DELETE ON person_sites
  FOR EACH ROW EXECUTE FUNCTION app_notice_entity();
--> statement-breakpoint
CREATE TRIGGER person_user_types_access_notice AFTER INSERT OR UPDATE OR DELETE ON person_user_types
  FOR EACH ROW EXECUTE FUNCTION app_notice_entity();
--> statement-breakpoint
CREATE TRIGGER user_types_access_notice AFTER INSERT OR DELETE OR UPDATE OF parent_id ON user_types
  FOR EACH ROW EXECUTE FUNCTION app_notice_entity();
--> statement-breakpoint
CREATE TRIGGER people_membership_insert_notice AFTER INSERT ON people
  FOR EACH ROW WHEN (NEW.membership_id IS NOT NULL) EXECUTE FUNCTION app_notice_entity();
--> statement-breakpoint
CREATE TRIGGER people_membership_update_notice AFTER UPDATE OF membership_id ON people
  FOR EACH ROW WHEN (OLD.membership_id IS DISTINCT FROM NEW.membership_id) EXECUTE FUNCTION app_notice_entity();
--> statement-breakpoint
CREATE TRIGGER people_membership_delete_notice AFTER DELETE ON people
  FOR EACH ROW WHEN (OLD.membership_id IS NOT NULL) EXECUTE FUNCTION app_notice_entity();
