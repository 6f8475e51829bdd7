-- Issue 17 (held comments): members who already have a published comment count as approved, so
-- switching holding on never holds a regular commenter. Safe to run twice.
UPDATE "members" SET "has_approved_comment" = true
WHERE "has_approved_comment" = false
  AND EXISTS (
    SELECT 1 FROM "comments"
    WHERE "comments"."site_id" = "members"."site_id"
      AND "comments"."author_id" = "members"."id"
      AND "comments"."status" = 'published'
  );
