CREATE TABLE "post_views" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"day" date NOT NULL,
	"viewer_key" text NOT NULL,
	CONSTRAINT "post_views_site_id_post_id_day_viewer_key_pk" PRIMARY KEY("site_id","post_id","day","viewer_key")
);
--> statement-breakpoint
ALTER TABLE "ratings" DROP CONSTRAINT "ratings_value_check";--> statement-breakpoint
ALTER TABLE "post_views" ADD CONSTRAINT "post_views_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "post_views_day_idx" ON "post_views" USING btree ("day");--> statement-breakpoint
ALTER TABLE "ratings" ADD CONSTRAINT "ratings_value_check" CHECK ("ratings"."value" between 0 and 5);