CREATE TABLE "analytics_post_days" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_post_days_site_id_post_id_day_pk" PRIMARY KEY("site_id","post_id","day")
);
--> statement-breakpoint
CREATE TABLE "analytics_post_months" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"month" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_post_months_site_id_post_id_month_pk" PRIMARY KEY("site_id","post_id","month")
);
--> statement-breakpoint
CREATE TABLE "analytics_site_days" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"readers" integer DEFAULT 0 NOT NULL,
	"likes" integer DEFAULT 0 NOT NULL,
	"comments" integer DEFAULT 0 NOT NULL,
	"ratings" integer DEFAULT 0 NOT NULL,
	"members" integer DEFAULT 0 NOT NULL,
	"followers" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "analytics_site_days_site_id_day_shard_pk" PRIMARY KEY("site_id","day","shard")
);
--> statement-breakpoint
CREATE TABLE "analytics_site_readers" (
	"site_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer_key" text NOT NULL,
	CONSTRAINT "analytics_site_readers_site_id_day_viewer_key_pk" PRIMARY KEY("site_id","day","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "analytics_post_days" ADD CONSTRAINT "analytics_post_days_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_post_months" ADD CONSTRAINT "analytics_post_months_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_site_days" ADD CONSTRAINT "analytics_site_days_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analytics_site_readers" ADD CONSTRAINT "analytics_site_readers_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analytics_post_days_day_idx" ON "analytics_post_days" USING btree ("site_id","day","post_id","views","likes","comments","ratings");--> statement-breakpoint
CREATE INDEX "analytics_post_months_month_idx" ON "analytics_post_months" USING btree ("site_id","month","post_id","views","likes","comments","ratings");--> statement-breakpoint
CREATE INDEX "analytics_site_readers_day_idx" ON "analytics_site_readers" USING btree ("day");