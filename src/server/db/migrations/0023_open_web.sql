ALTER TABLE "posts" ADD COLUMN "seo_title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "seo_description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "canonical_url" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "noindex" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "social_image" jsonb;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "post_url_shape" text DEFAULT 'slug' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "feed_item_count" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "feed_content" text DEFAULT 'full' NOT NULL;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_post_url_shape_check" CHECK ("sites"."post_url_shape" in ('slug', 'date'));--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_feed_content_check" CHECK ("sites"."feed_content" in ('full', 'excerpt'));--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_feed_item_count_check" CHECK ("sites"."feed_item_count" between 1 and 100);