-- Custom SQL migration file, put your code below! --
-- Requests run as app_user inside one company's transaction (decision 002). From here on that role
-- cannot read the platform's global tables: no password or two-step secrets, no session or link
-- tokens, no mail, no other company (decision 019). What a company's work needs of them it gets through
-- the column grants and policies below, or through the few SECURITY DEFINER functions at the end, each
-- bound to the company the transaction is set to.
REVOKE ALL ON users, entities, sessions, password_resets, throttles, outbox_emails, kiosk_pairings, login_devices FROM app_user;
--> statement-breakpoint
-- Logins: the names, emails, language and two-step flag of the company's own members, never a secret.
GRANT SELECT (id, email, first_name, last_name, image, lang, is_support, otp_enabled, created_at, updated_at) ON users TO app_user;
--> statement-breakpoint
ALTER TABLE users ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS members_of_current_entity ON users;
--> statement-breakpoint
CREATE POLICY members_of_current_entity ON users FOR SELECT TO app_user
  USING (EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = users.id AND m.entity_id = app_current_entity()));
--> statement-breakpoint
-- Companies: the current one only, without its API token's hash (which it may replace, not read).
GRANT SELECT (id, name, subdomain, logo, package, plan, subscription, owner_id, client_token_hint, client_token_created_at, two_step_enabled, otp_roles, timezone, created_at, updated_at) ON entities TO app_user;
--> statement-breakpoint
GRANT UPDATE (name, subdomain, logo, timezone, two_step_enabled, otp_roles, client_token_hash, client_token_hint, client_token_created_at, updated_at) ON entities TO app_user;
--> statement-breakpoint
ALTER TABLE entities ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
DROP POLICY IF EXISTS current_entity ON entities;
--> statement-breakpoint
CREATE POLICY current_entity ON entities TO app_user USING (id = app_current_entity()) WITH CHECK (id = app_current_entity());
--> statement-breakpoint
-- Sessions carry the company they act in: guarded like every tenant table, and not granted at all.
SELECT app_enable_tenant_rls('sessions');
--> statement-breakpoint
-- ── Functions: the only ways a company's transaction touches logins, links, sessions and pairings ──
-- Whether emails have a platform login, with its language and whether it has a password (invitations).
CREATE OR REPLACE FUNCTION app_logins_by_email(emails text[])
RETURNS TABLE (id uuid, email text, lang text, has_password boolean)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT u.id, u.email, u.lang, u.password_hash IS NOT NULL
  FROM users u
  WHERE app_current_entity() IS NOT NULL
    AND lower(u.email) IN (SELECT lower(e) FROM unnest(emails) AS e)
$$;
--> statement-breakpoint
-- New logins for invited people: no password (they choose one through the emailed link).
CREATE OR REPLACE FUNCTION app_create_logins(logins jsonb)
RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  INSERT INTO users (id, email, first_name, last_name, lang)
  SELECT x.id, x.email, x.first_name, x.last_name, x.lang
  FROM jsonb_to_recordset(logins) AS x(id uuid, email text, first_name text, last_name text, lang text)
  WHERE app_current_entity() IS NOT NULL
  ON CONFLICT DO NOTHING
$$;
--> statement-breakpoint
-- Set-password links, only for logins without a password that are members of the current company.
CREATE OR REPLACE FUNCTION app_issue_password_links(links jsonb)
RETURNS integer
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  WITH issued AS (
    INSERT INTO password_resets (id, user_id, token_hash, expires_at)
    SELECT x.id, x.user_id, x.token_hash, x.expires_at
    FROM jsonb_to_recordset(links) AS x(id uuid, user_id uuid, token_hash text, expires_at timestamptz)
    JOIN users u ON u.id = x.user_id AND u.password_hash IS NULL
    WHERE EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = x.user_id AND m.entity_id = app_current_entity())
    RETURNING 1
  )
  SELECT count(*)::int FROM issued
$$;
--> statement-breakpoint
-- Ends these members' sessions in the current company (revoked access); their ids, to close sockets.
CREATE OR REPLACE FUNCTION app_end_member_sessions(user_ids uuid[])
RETURNS SETOF text
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  DELETE FROM sessions s
  WHERE s.entity_id = app_current_entity() AND s.user_id = ANY(user_ids)
  RETURNING s.id
$$;
--> statement-breakpoint
-- A kiosk pairing by the code an admin typed, without its secret or token.
CREATE OR REPLACE FUNCTION app_kiosk_pairing_by_code(pairing_code text)
RETURNS TABLE (id uuid, code text, mac_address text, app_version text, expires_at timestamptz, claimed_entity_id uuid)
LANGUAGE sql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $$
  SELECT p.id, p.code, p.mac_address, p.app_version, p.expires_at, p.claimed_entity_id
  FROM kiosk_pairings p
  WHERE app_current_entity() IS NOT NULL AND p.code = pairing_code
$$;
--> statement-breakpoint
-- Claims a live, unclaimed pairing for the current company's new kiosk: a code is claimed once.
CREATE OR REPLACE FUNCTION app_claim_kiosk_pairing(pairing_code text, kiosk_id uuid, device_token text)
RETURNS TABLE (id uuid, mac_address text, app_version text)
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  UPDATE kiosk_pairings p
  SET claimed_entity_id = app_current_entity(), claimed_kiosk_id = kiosk_id, pending_device_token = device_token
  WHERE app_current_entity() IS NOT NULL AND p.code = pairing_code
    AND p.claimed_entity_id IS NULL AND p.expires_at >= now()
  RETURNING p.id, p.mac_address, p.app_version
$$;
--> statement-breakpoint
-- Forgets the pairing of one of the current company's kiosks (the kiosk is deleted).
CREATE OR REPLACE FUNCTION app_release_kiosk_pairing(kiosk_id uuid)
RETURNS void
LANGUAGE sql SECURITY DEFINER SET search_path = public, pg_temp AS $$
  DELETE FROM kiosk_pairings p WHERE p.claimed_entity_id = app_current_entity() AND p.claimed_kiosk_id = kiosk_id
$$;
--> statement-breakpoint
DO $$
DECLARE f text;
BEGIN
  FOREACH f IN ARRAY ARRAY[
    'app_logins_by_email(text[])', 'app_create_logins(jsonb)', 'app_issue_password_links(jsonb)',
    'app_end_member_sessions(uuid[])', 'app_kiosk_pairing_by_code(text)', 'app_claim_kiosk_pairing(text, uuid, text)',
    'app_release_kiosk_pairing(uuid)'
  ] LOOP
    EXECUTE format('REVOKE ALL ON FUNCTION %s FROM PUBLIC', f);
    EXECUTE format('GRANT EXECUTE ON FUNCTION %s TO app_user', f);
  END LOOP;
END $$;
