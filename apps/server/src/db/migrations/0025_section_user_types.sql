CREATE TABLE "custom_field_section_user_types" (
	"entity_id" uuid NOT NULL,
	"section_id" uuid NOT NULL,
	"user_type_id" uuid NOT NULL,
	CONSTRAINT "custom_field_section_user_types_entity_id_section_id_user_type_id_pk" PRIMARY KEY("entity_id","section_id","user_type_id")
);
--> statement-breakpoint
ALTER TABLE "custom_field_section_user_types" ADD CONSTRAINT "custom_field_section_user_types_entity_id_section_id_custom_field_sections_entity_id_id_fk" FOREIGN KEY ("entity_id","section_id") REFERENCES "public"."custom_field_sections"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_field_section_user_types" ADD CONSTRAINT "custom_field_section_user_types_entity_id_user_type_id_user_types_entity_id_id_fk" FOREIGN KEY ("entity_id","user_type_id") REFERENCES "public"."user_types"("entity_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "custom_field_section_user_types_type_idx" ON "custom_field_section_user_types" USING btree ("entity_id","user_type_id");--> statement-breakpoint
SELECT app_enable_tenant_rls('custom_field_section_user_types');
--> statement-breakpoint
GRANT SELECT, INSERT, UPDATE, DELETE ON custom_field_section_user_types TO app_user;
