CREATE TABLE "capability_keys" (
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"entity_id" uuid NOT NULL,
	"row_id" uuid NOT NULL,
	CONSTRAINT "capability_keys_pkey" PRIMARY KEY("kind","value")
);
--> statement-breakpoint
DROP INDEX "user_types_qr_code_key";--> statement-breakpoint
DROP INDEX "people_qr_code_key";--> statement-breakpoint
DROP INDEX "rfid_enrolments_code_key";--> statement-breakpoint
DROP INDEX "kiosks_mac_key";--> statement-breakpoint
DROP INDEX "kiosks_device_token_key";--> statement-breakpoint
DROP INDEX "visits_link_token_key";--> statement-breakpoint
DROP INDEX "emergency_roll_safe_token_key";--> statement-breakpoint
DROP INDEX "integration_authorizations_state_key";--> statement-breakpoint
DROP INDEX "integrations_scim_token_key";--> statement-breakpoint
CREATE UNIQUE INDEX "user_types_qr_code_key" ON "user_types" USING btree ("entity_id","qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "people_qr_code_key" ON "people" USING btree ("entity_id","qr_code");--> statement-breakpoint
CREATE UNIQUE INDEX "rfid_enrolments_code_key" ON "rfid_enrolments" USING btree ("entity_id","code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_mac_key" ON "kiosks" USING btree ("entity_id",lower("mac_address"));--> statement-breakpoint
CREATE UNIQUE INDEX "kiosks_device_token_key" ON "kiosks" USING btree ("entity_id","device_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_link_token_key" ON "visits" USING btree ("entity_id","link_token");--> statement-breakpoint
CREATE UNIQUE INDEX "emergency_roll_safe_token_key" ON "emergency_roll" USING btree ("entity_id","safe_token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_authorizations_state_key" ON "integration_authorizations" USING btree ("entity_id","state_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "integrations_scim_token_key" ON "integrations" USING btree ("entity_id","scim_token_hash");--> statement-breakpoint
-- Decision 055. The values a request brings without its company (a visitor's link, a QR code, a kiosk's
-- token or MAC address, an RFID or "I am safe" link, a SCIM token) were unique across companies by the
-- tenant tables' own keys; those keys are now per company (entity_id first, as a table distributed by
-- company must have them), and capability_keys, keyed by the value alone, keeps each value unique across
-- companies and tells which company's row holds it. The DROP INDEX statements above hold these tables
-- locked until this migration commits, so no row is written between the copy below and the triggers.
INSERT INTO capability_keys (kind, value, entity_id, row_id)
SELECT 'people.qr_code', qr_code, entity_id, id FROM people WHERE qr_code IS NOT NULL
UNION ALL SELECT 'user_types.qr_code', qr_code, entity_id, id FROM user_types WHERE qr_code IS NOT NULL
UNION ALL SELECT 'rfid_enrolments.code_hash', code_hash, entity_id, id FROM rfid_enrolments WHERE code_hash IS NOT NULL
UNION ALL SELECT 'kiosks.mac_address', lower(mac_address), entity_id, id FROM kiosks WHERE mac_address IS NOT NULL
UNION ALL SELECT 'kiosks.device_token_hash', device_token_hash, entity_id, id FROM kiosks WHERE device_token_hash IS NOT NULL
UNION ALL SELECT 'emergency_roll.safe_token_hash', safe_token_hash, entity_id, id FROM emergency_roll WHERE safe_token_hash IS NOT NULL
UNION ALL SELECT 'visits.link_token', link_token, entity_id, id FROM visits WHERE link_token IS NOT NULL
UNION ALL SELECT 'integrations.scim_token_hash', scim_token_hash, entity_id, id FROM integrations WHERE scim_token_hash IS NOT NULL;
--> statement-breakpoint
-- Keeps a row's key in step with the row, in the writing transaction. Arguments: the kind, the unique
-- key the code knows the value's clash by (kiosks_mac_key becomes "This kiosk is already registered"),
-- the column, and 'lower' where the value is compared without case. A value another row holds, in any
-- company, fails as that key would have failed: SQLSTATE 23505 naming it, and not the value. The owner
-- writes the key: app_user may not read or write capability_keys.
CREATE OR REPLACE FUNCTION capability_keys_sync() RETURNS trigger
LANGUAGE plpgsql SECURITY DEFINER SET search_path = public, pg_temp AS $$
DECLARE
  old_value text;
  new_value text;
BEGIN
  IF TG_OP <> 'INSERT' THEN
    old_value := to_jsonb(OLD) ->> TG_ARGV[2];
    IF TG_ARGV[3] = 'lower' THEN old_value := lower(old_value); END IF;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    new_value := to_jsonb(NEW) ->> TG_ARGV[2];
    IF TG_ARGV[3] = 'lower' THEN new_value := lower(new_value); END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND old_value IS NOT DISTINCT FROM new_value
     AND OLD.entity_id = NEW.entity_id AND OLD.id = NEW.id THEN
    RETURN NULL;
  END IF;
  IF old_value IS NOT NULL THEN
    DELETE FROM capability_keys k
     WHERE k.kind = TG_ARGV[0] AND k.value = old_value AND k.entity_id = OLD.entity_id AND k.row_id = OLD.id;
  END IF;
  IF new_value IS NOT NULL THEN
    INSERT INTO capability_keys (kind, value, entity_id, row_id)
    VALUES (TG_ARGV[0], new_value, NEW.entity_id, NEW.id)
    ON CONFLICT (kind, value) DO NOTHING;
    IF NOT FOUND THEN
      RAISE EXCEPTION 'duplicate key value violates unique constraint "%"', TG_ARGV[1]
        USING ERRCODE = 'unique_violation', CONSTRAINT = TG_ARGV[1], TABLE = TG_TABLE_NAME, SCHEMA = TG_TABLE_SCHEMA;
    END IF;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
REVOKE ALL ON FUNCTION capability_keys_sync() FROM PUBLIC;
--> statement-breakpoint
-- Three triggers a value: written, changed, removed (named <table>_<column>_key_{insert,update,delete}).
DO $$
DECLARE
  k record;
BEGIN
  FOR k IN SELECT * FROM (VALUES
    ('people', 'qr_code', 'people_qr_code_key', ''),
    ('user_types', 'qr_code', 'user_types_qr_code_key', ''),
    ('rfid_enrolments', 'code_hash', 'rfid_enrolments_code_key', ''),
    ('kiosks', 'mac_address', 'kiosks_mac_key', 'lower'),
    ('kiosks', 'device_token_hash', 'kiosks_device_token_key', ''),
    ('emergency_roll', 'safe_token_hash', 'emergency_roll_safe_token_key', ''),
    ('visits', 'link_token', 'visits_link_token_key', ''),
    ('integrations', 'scim_token_hash', 'integrations_scim_token_key', '')
  ) AS t(tbl, col, key_name, fold) LOOP
    EXECUTE format(
      'CREATE TRIGGER %I AFTER INSERT ON %I FOR EACH ROW WHEN (NEW.%I IS NOT NULL)
         EXECUTE FUNCTION capability_keys_sync(%L, %L, %L, %L)',
      k.tbl || '_' || k.col || '_key_insert', k.tbl, k.col, k.tbl || '.' || k.col, k.key_name, k.col, k.fold);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER UPDATE ON %I FOR EACH ROW
         WHEN (OLD.%I IS DISTINCT FROM NEW.%I OR OLD.entity_id <> NEW.entity_id OR OLD.id <> NEW.id)
         EXECUTE FUNCTION capability_keys_sync(%L, %L, %L, %L)',
      k.tbl || '_' || k.col || '_key_update', k.tbl, k.col, k.col, k.tbl || '.' || k.col, k.key_name, k.col, k.fold);
    EXECUTE format(
      'CREATE TRIGGER %I AFTER DELETE ON %I FOR EACH ROW WHEN (OLD.%I IS NOT NULL)
         EXECUTE FUNCTION capability_keys_sync(%L, %L, %L, %L)',
      k.tbl || '_' || k.col || '_key_delete', k.tbl, k.col, k.tbl || '.' || k.col, k.key_name, k.col, k.fold);
  END LOOP;
END $$;
--> statement-breakpoint
-- Carries entity_id, so guarded like every table with one; but the platform's, like sessions: app_user
-- has no privilege on it (decision 019). The look-ups run on the owner's connection.
SELECT app_enable_tenant_rls('capability_keys');
--> statement-breakpoint
REVOKE ALL ON capability_keys FROM app_user;
