DROP INDEX "horses_owner_created_idx";--> statement-breakpoint
DROP INDEX "horses_status_created_idx";--> statement-breakpoint
CREATE INDEX "horses_payment_created_idx" ON "horses" USING btree ("payment_status","created_at","id");--> statement-breakpoint
CREATE INDEX "horses_created_idx" ON "horses" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "horses_updated_idx" ON "horses" USING btree ("updated_at","id");--> statement-breakpoint
CREATE INDEX "horses_name_sort_idx" ON "horses" USING btree (lower(coalesce("approved_name", "first_choice")),"id");--> statement-breakpoint
CREATE INDEX "horses_registry_name_idx" ON "horses" USING btree ("approved_name","registration_number","id") WHERE "horses"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "horses_search_trgm_idx" ON "horses" USING gin (lower(coalesce("approved_name", '') || chr(10) || "first_choice" || chr(10) || "second_choice" || chr(10) || "third_choice" || chr(10) || coalesce("registration_number", '') || chr(10) || "sire_name" || chr(10) || "dam_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "horses_registry_search_trgm_idx" ON "horses" USING gin (lower(coalesce("approved_name", '') || chr(10) || coalesce("registration_number", '') || chr(10) || "sire_name" || chr(10) || "dam_name") gin_trgm_ops) WHERE "horses"."approval_status" = 'approved';--> statement-breakpoint
CREATE INDEX "users_name_email_trgm_idx" ON "users" USING gin (lower(coalesce("first_name", '') || ' ' || coalesce("last_name", '') || chr(10) || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_city_trgm_idx" ON "users" USING gin (lower(coalesce("city", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_member_number_trgm_idx" ON "users" USING gin (lower(coalesce("member_number", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "horses_owner_created_idx" ON "horses" USING btree ("owner_id","created_at","id");--> statement-breakpoint
CREATE INDEX "horses_status_created_idx" ON "horses" USING btree ("approval_status","created_at","id");