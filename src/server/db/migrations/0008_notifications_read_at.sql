ALTER TABLE "notifications" ADD COLUMN "read_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" uuid;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "group_key" text;--> statement-breakpoint
-- Reviewed addition: existing rows keep what they said. A read one counts as read when it was
-- made (its real moment is unknown, so it folds with no other); the actor and the group come
-- from the payload, as domain/notifications.ts derives them for new rows.
UPDATE "notifications" SET
	"read_at" = CASE WHEN "is_read" THEN "created_at" END,
	"actor_id" = CASE WHEN "payload"->'actor'->>'id' ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' THEN ("payload"->'actor'->>'id')::uuid END,
	"group_key" = CASE "type"
		WHEN 'post-like' THEN 'post-like:' || ("payload"->'post'->>'id')
		WHEN 'comment-like' THEN 'comment-like:' || ("payload"->'comment'->>'id')
		WHEN 'comment-reply' THEN 'comment-reply:' || ("payload"->>'parentCommentId')
	END;--> statement-breakpoint
ALTER TABLE "sites" ADD COLUMN "demo_mode" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("site_id","member_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST,"group_key") WHERE "notifications"."read_at" is null;--> statement-breakpoint
CREATE INDEX "notifications_group_idx" ON "notifications" USING btree ("site_id","member_id","group_key","read_at","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "notifications"."group_key" is not null;--> statement-breakpoint
CREATE INDEX "notifications_read_created_idx" ON "notifications" USING btree ("created_at") WHERE "notifications"."read_at" is not null;--> statement-breakpoint
ALTER TABLE "notifications" DROP COLUMN "is_read";