CREATE TABLE "entity_identity_providers" (
	"entity_id" uuid PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oidc_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_encrypted" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"id" text NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_kind_id_pk" PRIMARY KEY("kind","id")
);
--> statement-breakpoint
CREATE TABLE "passport_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"email_verified_at" timestamp with time zone,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"photo" text,
	"photo_version" integer DEFAULT 0 NOT NULL,
	"lang" text DEFAULT 'en' NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"deactivated_at" timestamp with time zone,
	"otp_secret" text,
	"otp_pending_secret" text,
	"otp_last_step" integer,
	"otp_recovery_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"otp_enabled_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passport_email_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passport_one_time_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid,
	"user_id" uuid,
	"open_entity_id" uuid,
	"otp_done" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "passport_qr_uses" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passport_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"otp_pending" boolean DEFAULT false NOT NULL,
	"ip" text,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "passport_sign_in_requests" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"provider" text DEFAULT 'passport' NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"subdomain" text,
	"force_otp" boolean DEFAULT false NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "passport_two_step" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "entity_identity_providers" ADD CONSTRAINT "entity_identity_providers_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_email_tokens" ADD CONSTRAINT "passport_email_tokens_account_id_passport_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passport_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_one_time_codes" ADD CONSTRAINT "passport_one_time_codes_account_id_passport_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passport_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_one_time_codes" ADD CONSTRAINT "passport_one_time_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "passport_sessions" ADD CONSTRAINT "passport_sessions_account_id_passport_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."passport_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_user_code_idx" ON "oidc_payloads" USING btree ("user_code");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "passport_accounts_email_key" ON "passport_accounts" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "passport_email_tokens_account_idx" ON "passport_email_tokens" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "passport_sessions_account_idx" ON "passport_sessions" USING btree ("account_id");--> statement-breakpoint
SELECT app_enable_tenant_rls('entity_identity_providers');
--> statement-breakpoint
-- The passport's tables are global (decision 047): a company's transaction (app_user) never reads them.
REVOKE ALL ON oidc_keys, oidc_payloads, passport_accounts, passport_email_tokens, passport_one_time_codes, passport_qr_uses, passport_sessions, passport_sign_in_requests FROM app_user;
