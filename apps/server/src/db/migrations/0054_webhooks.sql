CREATE TABLE "webhook_attempts" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"response_status" integer,
	"error" text,
	"response_body" text,
	"duration_ms" integer NOT NULL,
	CONSTRAINT "webhook_attempts_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
	"entity_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"message_id" uuid NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"last_response_status" integer,
	"last_error" text,
	"last_duration_ms" integer,
	CONSTRAINT "webhook_deliveries_entity_id_endpoint_id_message_id_pk" PRIMARY KEY("entity_id","endpoint_id","message_id"),
	CONSTRAINT "webhook_deliveries_status_check" CHECK ("webhook_deliveries"."status" in ('pending', 'succeeded', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"url" text NOT NULL,
	"description" text,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"previous_secret" text,
	"previous_secret_until" timestamp with time zone,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"lease_until" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_endpoints_entity_id_id_pk" PRIMARY KEY("entity_id","id"),
	CONSTRAINT "webhook_endpoints_disabled_reason_check" CHECK ("webhook_endpoints"."disabled_reason" is null or "webhook_endpoints"."disabled_reason" in ('manual', 'gone', 'failing'))
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"event_type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"person_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "webhook_messages_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_entity_id_endpoint_id_message_id_webhook_deliveries_entity_id_endpoint_id_message_id_fk" FOREIGN KEY ("entity_id","endpoint_id","message_id") REFERENCES "public"."webhook_deliveries"("entity_id","endpoint_id","message_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_entity_id_endpoint_id_webhook_endpoints_entity_id_id_fk" FOREIGN KEY ("entity_id","endpoint_id") REFERENCES "public"."webhook_endpoints"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_entity_id_message_id_webhook_messages_entity_id_id_fk" FOREIGN KEY ("entity_id","message_id") REFERENCES "public"."webhook_messages"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_entity_id_person_id_people_entity_id_id_fk" FOREIGN KEY ("entity_id","person_id") REFERENCES "public"."people"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_delivery_idx" ON "webhook_attempts" USING btree ("entity_id","endpoint_id","message_id","at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" USING btree ("entity_id","endpoint_id","queued_at","message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_status_idx" ON "webhook_deliveries" USING btree ("entity_id","endpoint_id","status","queued_at","message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_message_idx" ON "webhook_deliveries" USING btree ("entity_id","message_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" USING btree ("next_attempt_at") WHERE "webhook_deliveries"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_endpoints_created_idx" ON "webhook_endpoints" USING btree ("entity_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_messages_created_idx" ON "webhook_messages" USING btree ("entity_id","created_at");--> statement-breakpoint
CREATE INDEX "webhook_messages_person_idx" ON "webhook_messages" USING btree ("entity_id","person_id");--> statement-breakpoint
SELECT app_enable_tenant_rls('webhook_endpoints');
--> statement-breakpoint
SELECT app_enable_tenant_rls('webhook_messages');
--> statement-breakpoint
SELECT app_enable_tenant_rls('webhook_deliveries');
--> statement-breakpoint
SELECT app_enable_tenant_rls('webhook_attempts');
--> statement-breakpoint
-- A delivery queued (a message written, or sent again) is heard at commit by every node on the channel
-- `webhook_deliveries` (decision 052), whose dispatcher then delivers the endpoint's messages; one
-- notice per endpoint and transaction, since PostgreSQL folds equal notices of one transaction.
CREATE FUNCTION app_webhook_queued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('webhook_deliveries', NEW.entity_id || ':' || NEW.endpoint_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER webhook_deliveries_queued AFTER INSERT OR UPDATE OF queued_at ON webhook_deliveries
  FOR EACH ROW WHEN (NEW.status = 'pending') EXECUTE FUNCTION app_webhook_queued();
