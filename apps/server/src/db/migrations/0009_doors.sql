CREATE TABLE "doors" (
	"entity_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"area_id" uuid NOT NULL,
	"name" text NOT NULL,
	"kiosk_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "doors_entity_id_id_pk" PRIMARY KEY("entity_id","id")
);
--> statement-breakpoint
ALTER TABLE "doors" ADD CONSTRAINT "doors_entity_id_entities_id_fk" FOREIGN KEY ("entity_id") REFERENCES "public"."entities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "doors" ADD CONSTRAINT "doors_entity_id_area_id_areas_entity_id_id_fk" FOREIGN KEY ("entity_id","area_id") REFERENCES "public"."areas"("entity_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "doors_area_name_key" ON "doors" USING btree ("entity_id","area_id",lower("name"));--> statement-breakpoint
CREATE INDEX "doors_entity_kiosk_idx" ON "doors" USING btree ("entity_id","kiosk_id");