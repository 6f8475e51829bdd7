ALTER TABLE "members" ADD COLUMN "has_approved_comment" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "hold_first_comments" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "comments_site_created_idx" ON "comments" USING btree ("site_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_post_created_idx" ON "comments" USING btree ("site_id","post_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "comments_pending_idx" ON "comments" USING btree ("site_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "comments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "comments_text_search_idx" ON "comments" USING gin (to_tsvector('simple', "content_text"));--> statement-breakpoint
CREATE INDEX "reports_target_idx" ON "reports" USING btree ("site_id","status","target_type","target_id","created_at");