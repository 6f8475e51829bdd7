CREATE TABLE "imported_paths" (
	"site_id" uuid NOT NULL,
	"path" text NOT NULL,
	"post_id" uuid NOT NULL,
	CONSTRAINT "imported_paths_site_id_path_pk" PRIMARY KEY("site_id","path")
);
--> statement-breakpoint
CREATE TABLE "imported_records" (
	"site_id" uuid NOT NULL,
	"source" text NOT NULL,
	"kind" text NOT NULL,
	"source_id" text NOT NULL,
	"target_id" uuid NOT NULL,
	"cover_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "imported_records_site_id_source_kind_source_id_pk" PRIMARY KEY("site_id","source","kind","source_id")
);
--> statement-breakpoint
ALTER TABLE "imported_paths" ADD CONSTRAINT "imported_paths_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imported_records" ADD CONSTRAINT "imported_records_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;