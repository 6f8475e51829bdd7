CREATE TABLE "audit_events" (
	"site_id" uuid NOT NULL,
	"id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"target_id" uuid,
	"target_name" text DEFAULT '' NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "audit_events_site_id_id_pk" PRIMARY KEY("site_id","id")
);
--> statement-breakpoint
ALTER TABLE "comments" DROP CONSTRAINT "comments_author_fk";
--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_site_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_created_idx" ON "audit_events" USING btree ("site_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "members_joined_idx" ON "members" USING btree ("site_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "members_name_idx" ON "members" USING btree ("site_id","name","id");--> statement-breakpoint
CREATE INDEX "members_role_joined_idx" ON "members" USING btree ("site_id","role","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "members_role_name_idx" ON "members" USING btree ("site_id","role","name","id");--> statement-breakpoint
CREATE INDEX "members_search_idx" ON "members" USING gin (to_tsvector('simple', "name" || ' ' || translate(coalesce("email", ''), '@.-_+', '     ')));--> statement-breakpoint
CREATE INDEX "members_blocked_joined_idx" ON "members" USING btree ("site_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "members"."is_blocked";