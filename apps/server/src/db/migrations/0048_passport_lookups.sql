CREATE INDEX "users_passport_idx" ON "users" USING btree ("passport_id");--> statement-breakpoint
CREATE INDEX "people_email_lower_idx" ON "people" USING btree ("email_lower");--> statement-breakpoint
CREATE INDEX "people_user_idx" ON "people" USING btree ("user_id");