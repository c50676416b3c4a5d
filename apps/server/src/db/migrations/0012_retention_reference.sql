CREATE INDEX "initiatives_retention_reference_idx" ON "initiatives" USING btree (GREATEST("published_at", "moderated_at", "confirmed_at"));--> statement-breakpoint
CREATE INDEX "food_procedures_retention_reference_idx" ON "food_procedures" USING btree (GREATEST("published_at", "moderated_at"));--> statement-breakpoint
CREATE INDEX "posts_retention_reference_idx" ON "posts" USING btree (GREATEST("published_at", "moderated_at"));--> statement-breakpoint
CREATE INDEX "events_retention_reference_idx" ON "events" USING btree (GREATEST("published_at", "moderated_at"));--> statement-breakpoint
CREATE INDEX "resources_retention_reference_idx" ON "resources" USING btree (GREATEST("published_at", "moderated_at"));