CREATE TABLE "poll_votes" (
	"site_id" uuid NOT NULL,
	"post_id" uuid NOT NULL,
	"poll_id" text NOT NULL,
	"option_id" text NOT NULL,
	"voter_key" text NOT NULL,
	"member_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poll_votes_site_id_post_id_poll_id_voter_key_option_id_pk" PRIMARY KEY("site_id","post_id","poll_id","voter_key","option_id")
);
--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_post_fk" FOREIGN KEY ("site_id","post_id") REFERENCES "public"."posts"("site_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "poll_votes" ADD CONSTRAINT "poll_votes_member_fk" FOREIGN KEY ("site_id","member_id") REFERENCES "public"."members"("site_id","id") ON DELETE cascade ON UPDATE no action;