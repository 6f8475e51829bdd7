CREATE TABLE "error_groups" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"fingerprint" text NOT NULL,
	"kind" text NOT NULL,
	"source" text,
	"message" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	"first_seen" timestamp with time zone NOT NULL,
	"last_seen" timestamp with time zone NOT NULL,
	"first_release" text NOT NULL,
	"last_release" text NOT NULL,
	"stack" text,
	"frames" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"url" text,
	"user_agent" text,
	CONSTRAINT "error_groups_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
ALTER TABLE "error_groups" ADD CONSTRAINT "error_groups_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "error_groups_fingerprint_idx" ON "error_groups" USING btree ("site_id","fingerprint");--> statement-breakpoint
CREATE INDEX "error_groups_status_seen_idx" ON "error_groups" USING btree ("site_id","status","last_seen" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "error_groups_seen_idx" ON "error_groups" USING btree ("last_seen");