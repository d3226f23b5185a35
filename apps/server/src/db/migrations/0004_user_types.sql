CREATE TABLE "user_types" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"registration_method" text NOT NULL,
	"grace_period_minutes" integer NOT NULL,
	"mandatory_profile_data" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"can_switch_own_type" boolean DEFAULT false NOT NULL,
	"auto_approve_visits" boolean DEFAULT false NOT NULL,
	"qr_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_types_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "user_types" ADD CONSTRAINT "user_types_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_types" ADD CONSTRAINT "user_types_entity_id_parent_id_user_types_entity_id_id_fk" FOREIGN KEY ("entity_id","parent_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_types_entity_name_key" ON "user_types" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "user_types_qr_code_key" ON "user_types" USING btree ("qr_code");--> statement-breakpoint
CREATE INDEX "user_types_entity_parent_idx" ON "user_types" USING btree ("entity_id","parent_id");