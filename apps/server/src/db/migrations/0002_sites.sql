CREATE TABLE "areas" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"name" text NOT NULL,
	"login_mode" text DEFAULT 'signIn_signOut' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "areas_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
CREATE TABLE "membership_sites" (
	"entity_id" uuid NOT NULL,
	"membership_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	CONSTRAINT "membership_sites_entity_id_membership_id_site_id_pk" PRIMARY KEY("entity_id","membership_id","site_id")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"name" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"radius" integer,
	"location_name" text,
	"zoom" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "memberships" ADD COLUMN "site_scope" text DEFAULT 'all' NOT NULL;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_entity_id_site_id_sites_entity_id_id_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_sites" ADD CONSTRAINT "membership_sites_entity_id_membership_id_memberships_entity_id_id_fk" FOREIGN KEY ("entity_id","membership_id") REFERENCES "public"."memberships"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_sites" ADD CONSTRAINT "membership_sites_entity_id_site_id_sites_entity_id_id_fk" FOREIGN KEY ("entity_id","site_id") REFERENCES "public"."sites"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "areas_site_name_key" ON "areas" USING btree ("entity_id","site_id",lower("name"));--> statement-breakpoint
CREATE INDEX "areas_entity_site_idx" ON "areas" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE INDEX "membership_sites_site_idx" ON "membership_sites" USING btree ("entity_id","site_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_entity_name_key" ON "sites" USING btree ("entity_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sites_entity_created_idx" ON "sites" USING btree ("entity_id","created_at");