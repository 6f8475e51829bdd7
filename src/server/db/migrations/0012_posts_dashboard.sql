ALTER TABLE "posts" ADD COLUMN "trashed_from_status" text;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "trashed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "dashboard_tab" text GENERATED ALWAYS AS (CASE "status" WHEN 'unpublished' THEN 'drafts' WHEN 'in_moderation' THEN 'in_review' WHEN 'deleted' THEN 'trash' ELSE "status" END) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "dashboard_date" timestamp with time zone GENERATED ALWAYS AS (COALESCE(CASE "status" WHEN 'published' THEN "first_published_date" WHEN 'scheduled' THEN "scheduled_publish_date" WHEN 'deleted' THEN "trashed_at" END, "updated_at")) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "posts_dashboard_date_idx" ON "posts" USING btree ("site_id","dashboard_tab","dashboard_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_dashboard_views_idx" ON "posts" USING btree ("site_id","dashboard_tab","view_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_dashboard_likes_idx" ON "posts" USING btree ("site_id","dashboard_tab","like_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_dashboard_comments_idx" ON "posts" USING btree ("site_id","dashboard_tab","comment_count" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_dashboard_owner_idx" ON "posts" USING btree ("site_id","owner_id","dashboard_tab","dashboard_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "posts_dashboard_search_idx" ON "posts" USING gin ("search_vector");