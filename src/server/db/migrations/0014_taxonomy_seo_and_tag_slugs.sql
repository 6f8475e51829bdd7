ALTER TABLE "categories" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tags" ADD COLUMN "slugs" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "tags_label_idx" ON "tags" USING btree ("site_id","label","id");--> statement-breakpoint
CREATE INDEX "tags_count_idx" ON "tags" USING btree ("site_id","post_count" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "tags_slugs_idx" ON "tags" USING gin ("slugs");