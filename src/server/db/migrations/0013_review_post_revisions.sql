CREATE TABLE "post_revisions" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"author_id" uuid,
	"title" text NOT NULL,
	"content" jsonb NOT NULL,
	"status" text NOT NULL,
	"summary" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_revisions_site_id_post_id_number_pk" PRIMARY KEY("site_id","post_id","number"),
	CONSTRAINT "post_revisions_kind_check" CHECK ("post_revisions"."kind" in ('baseline', 'save', 'publish', 'schedule', 'revert', 'submit', 'send-back', 'restore', 'duplicate'))
);
--> statement-breakpoint
ALTER TABLE "post_revisions" ADD CONSTRAINT "post_revisions_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "posts_in_review_idx" ON "posts" USING btree ("site_id","updated_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "posts"."status" in ('in_review', 'in_moderation');