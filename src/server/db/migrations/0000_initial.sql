CREATE TABLE "categories" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"slug" text NOT NULL,
	"slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"label" text NOT NULL,
	"menu_label" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"translations" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"parent_id" uuid,
	"display_position" integer DEFAULT 0 NOT NULL,
	"cover_image" jsonb,
	"post_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"parent_id" uuid,
	"author_id" uuid NOT NULL,
	"content" jsonb NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'published' NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"reply_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "comments_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "likes" (
	"site_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"liker_key" text NOT NULL,
	"member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "likes_site_id_target_type_target_id_liker_key_pk" PRIMARY KEY("site_id","target_type","target_id","liker_key"),
	CONSTRAINT "likes_target_check" CHECK ("likes"."target_type" in ('post', 'comment'))
);
--> statement-breakpoint
CREATE TABLE "media" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"kind" text DEFAULT 'image' NOT NULL,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"size_bytes" integer DEFAULT 0 NOT NULL,
	"alt_text" text DEFAULT '' NOT NULL,
	"owner_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "media_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "members" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"email" text,
	"image" jsonb,
	"cover_image" jsonb,
	"about" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"privacy_status" text DEFAULT 'PUBLIC' NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "members_site_id_id_pk" PRIMARY KEY("site_id","id"),
	CONSTRAINT "members_privacy_check" CHECK ("members"."privacy_status" in ('PUBLIC', 'PRIVATE'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "notifications_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "post_categories" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"is_published" boolean NOT NULL,
	"is_pinned" boolean NOT NULL,
	"first_published_date" timestamp with time zone,
	"category_id" uuid NOT NULL,
	CONSTRAINT "post_categories_site_id_category_id_post_id_pk" PRIMARY KEY("site_id","category_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_hashtags" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"is_published" boolean NOT NULL,
	"is_pinned" boolean NOT NULL,
	"first_published_date" timestamp with time zone,
	"hashtag" text NOT NULL,
	CONSTRAINT "post_hashtags_site_id_hashtag_post_id_pk" PRIMARY KEY("site_id","hashtag","post_id")
);
--> statement-breakpoint
CREATE TABLE "post_tags" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"is_published" boolean NOT NULL,
	"is_pinned" boolean NOT NULL,
	"first_published_date" timestamp with time zone,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "post_tags_site_id_tag_id_post_id_pk" PRIMARY KEY("site_id","tag_id","post_id")
);
--> statement-breakpoint
CREATE TABLE "posts" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"slug" text NOT NULL,
	"slugs" text[] DEFAULT '{}'::text[] NOT NULL,
	"title" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" jsonb NOT NULL,
	"content_text" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'unpublished' NOT NULL,
	"is_pinned" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"first_published_date" timestamp with time zone,
	"last_published_date" timestamp with time zone,
	"scheduled_publish_date" timestamp with time zone,
	"time_to_read" integer DEFAULT 1 NOT NULL,
	"is_comments_disabled" boolean DEFAULT false NOT NULL,
	"paid_plans_group_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"owner_id" uuid NOT NULL,
	"category_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"main_category_id" uuid,
	"tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL,
	"hashtags" text[] DEFAULT '{}'::text[] NOT NULL,
	"cover_image" jsonb,
	"media" jsonb,
	"view_count" integer DEFAULT 0 NOT NULL,
	"comment_count" integer DEFAULT 0 NOT NULL,
	"like_count" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"translation_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "posts_site_id_id_pk" PRIMARY KEY("site_id","id"),
	CONSTRAINT "posts_status_check" CHECK ("posts"."status" in ('published', 'unpublished', 'scheduled', 'deleted', 'in_moderation', 'in_review'))
);
--> statement-breakpoint
CREATE TABLE "ratings" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"value" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ratings_site_id_post_id_member_id_pk" PRIMARY KEY("site_id","post_id","member_id"),
	CONSTRAINT "ratings_value_check" CHECK ("ratings"."value" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "reports" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"reporter_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"details" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reports_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY NOT NULL,
	"host" text NOT NULL,
	"name" text NOT NULL,
	"blog_base" text DEFAULT '/blog' NOT NULL,
	"category_path" text DEFAULT 'category' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"site_id" uuid NOT NULL,
	"member_id" uuid NOT NULL,
	"target_type" text NOT NULL,
	"target_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_site_id_member_id_target_type_target_id_pk" PRIMARY KEY("site_id","member_id","target_type","target_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"post_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tags_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
CREATE TABLE "widget_settings" (
	"site_id" uuid NOT NULL,
	"widget" text NOT NULL,
	"device" text NOT NULL,
	"values" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "widget_settings_site_id_widget_device_pk" PRIMARY KEY("site_id","widget","device"),
	CONSTRAINT "widget_settings_device_check" CHECK ("widget_settings"."device" in ('desktop', 'mobile'))
);
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_author_fk" FOREIGN KEY ("site_id","author_id") REFERENCES "public"."members"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_member_fk" FOREIGN KEY ("site_id","member_id") REFERENCES "public"."members"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_categories" ADD CONSTRAINT "post_categories_category_fk" FOREIGN KEY ("site_id","category_id") REFERENCES "public"."categories"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_hashtags" ADD CONSTRAINT "post_hashtags_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_tags" ADD CONSTRAINT "post_tags_tag_fk" FOREIGN KEY ("site_id","tag_id") REFERENCES "public"."tags"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "posts" ADD CONSTRAINT "posts_owner_fk" FOREIGN KEY ("site_id","owner_id") REFERENCES "public"."members"("site_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_member_fk" FOREIGN KEY ("site_id","member_id") REFERENCES "public"."members"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_idx" ON "categories" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "categories_order_idx" ON "categories" USING btree ("site_id","display_position");--> statement-breakpoint
CREATE INDEX "comments_post_idx" ON "comments" USING btree ("site_id","post_id","parent_id","created_at");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("site_id","author_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "likes_member_idx" ON "likes" USING btree ("site_id","member_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_slug_idx" ON "members" USING btree ("site_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "members_email_idx" ON "members" USING btree ("site_id","email");--> statement-breakpoint
CREATE INDEX "notifications_member_idx" ON "notifications" USING btree ("site_id","member_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "post_categories_feed_idx" ON "post_categories" USING btree ("site_id","category_id","is_pinned" DESC NULLS LAST,"first_published_date" DESC NULLS LAST,"post_id" DESC NULLS LAST) WHERE "post_categories"."is_published";--> statement-breakpoint
CREATE INDEX "post_hashtags_feed_idx" ON "post_hashtags" USING btree ("site_id","hashtag","is_pinned" DESC NULLS LAST,"first_published_date" DESC NULLS LAST,"post_id" DESC NULLS LAST) WHERE "post_hashtags"."is_published";--> statement-breakpoint
CREATE INDEX "post_tags_feed_idx" ON "post_tags" USING btree ("site_id","tag_id","is_pinned" DESC NULLS LAST,"first_published_date" DESC NULLS LAST,"post_id" DESC NULLS LAST) WHERE "post_tags"."is_published";--> statement-breakpoint
CREATE UNIQUE INDEX "posts_slug_idx" ON "posts" USING btree ("site_id","slug");--> statement-breakpoint
CREATE INDEX "posts_feed_idx" ON "posts" USING btree ("site_id","is_pinned" DESC NULLS LAST,"first_published_date" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_published_date_idx" ON "posts" USING btree ("site_id","first_published_date" DESC NULLS LAST) WHERE "posts"."status" = 'published';--> statement-breakpoint
CREATE INDEX "posts_slugs_idx" ON "posts" USING gin ("slugs");--> statement-breakpoint
CREATE INDEX "posts_owner_idx" ON "posts" USING btree ("site_id","owner_id","updated_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reports_once_idx" ON "reports" USING btree ("site_id","reporter_id","target_type","target_id");--> statement-breakpoint
CREATE INDEX "reports_status_idx" ON "reports" USING btree ("site_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "sites_host_idx" ON "sites" USING btree ("host");--> statement-breakpoint
CREATE INDEX "subscriptions_target_idx" ON "subscriptions" USING btree ("site_id","target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_slug_idx" ON "tags" USING btree ("site_id","slug");