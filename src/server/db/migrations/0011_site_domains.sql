-- Reviewed (decision 028): a site's origin is its scheme and primary host; existing sites get
-- https (the default site's origin is PUBLIC_URL, not this row); aliases go in site_domains.
CREATE TABLE "site_domains" (
	"site_id" uuid NOT NULL,
	"host" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_domains_site_id_host_pk" PRIMARY KEY("site_id","host")
);
--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "scheme" text DEFAULT 'https' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_domains" ADD CONSTRAINT "site_domains_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "site_domains_host_idx" ON "site_domains" USING btree ("host");--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_scheme_check" CHECK ("sites"."scheme" in ('https', 'http'));