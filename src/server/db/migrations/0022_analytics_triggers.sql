-- Issue 18 analytics (decision 041): the daily aggregates are kept by statement triggers in the
-- same transaction as each event, so every writer (services, seed, imports) keeps them alike and a
-- bulk insert costs one grouped upsert. A post's month row (analytics_post_months) moves with its
-- day row. A day is a date in the site's time zone; a site's day is
-- split over 8 shard rows chosen by the post or member the event is about (hashtext & 7), so
-- writes about different posts rarely wait on one row. A removal subtracts from the day of the
-- row's created_at (an update only: a day that has no row, a site or post being deleted, is left).
CREATE TYPE analytics_delta AS (
  site_id uuid, post_id uuid, at timestamptz, shard_key uuid,
  likes integer, comments integer, ratings integer, members integer, followers integer
);
--> statement-breakpoint
CREATE FUNCTION analytics_apply(deltas analytics_delta[], sign integer) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- A statement with nothing to count (a comment's like, an empty bulk insert) costs no query.
  IF cardinality(deltas) = 0 THEN
    RETURN;
  END IF;
  IF sign > 0 THEN
    WITH d AS (
      SELECT x.site_id, x.post_id, (x.at AT TIME ZONE s.time_zone)::date AS day,
        hashtext(x.shard_key::text) & 7 AS shard,
        x.likes, x.comments, x.ratings, x.members, x.followers
      FROM unnest(deltas) x JOIN sites s ON s.id = x.site_id
    ), per_post AS (
      INSERT INTO analytics_post_days AS a (site_id, post_id, day, likes, comments, ratings)
      SELECT d.site_id, d.post_id, d.day, sum(d.likes), sum(d.comments), sum(d.ratings)
      FROM d WHERE d.post_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM posts p WHERE p.site_id = d.site_id AND p.id = d.post_id)
      GROUP BY 1, 2, 3
      ON CONFLICT (site_id, post_id, day) DO UPDATE SET
        likes = a.likes + EXCLUDED.likes, comments = a.comments + EXCLUDED.comments,
        ratings = a.ratings + EXCLUDED.ratings
    ), per_month AS (
      INSERT INTO analytics_post_months AS a (site_id, post_id, month, likes, comments, ratings)
      SELECT d.site_id, d.post_id, date_trunc('month', d.day)::date, sum(d.likes),
        sum(d.comments), sum(d.ratings)
      FROM d WHERE d.post_id IS NOT NULL
        AND EXISTS (SELECT 1 FROM posts p WHERE p.site_id = d.site_id AND p.id = d.post_id)
      GROUP BY 1, 2, 3
      ON CONFLICT (site_id, post_id, month) DO UPDATE SET
        likes = a.likes + EXCLUDED.likes, comments = a.comments + EXCLUDED.comments,
        ratings = a.ratings + EXCLUDED.ratings
    )
    INSERT INTO analytics_site_days AS a
      (site_id, day, shard, likes, comments, ratings, members, followers)
    SELECT d.site_id, d.day, d.shard, sum(d.likes), sum(d.comments), sum(d.ratings),
      sum(d.members), sum(d.followers)
    FROM d GROUP BY 1, 2, 3
    ON CONFLICT (site_id, day, shard) DO UPDATE SET
      likes = a.likes + EXCLUDED.likes, comments = a.comments + EXCLUDED.comments,
      ratings = a.ratings + EXCLUDED.ratings, members = a.members + EXCLUDED.members,
      followers = a.followers + EXCLUDED.followers;
  ELSE
    WITH d AS (
      SELECT x.site_id, x.post_id, (x.at AT TIME ZONE s.time_zone)::date AS day,
        hashtext(x.shard_key::text) & 7 AS shard,
        x.likes, x.comments, x.ratings, x.members, x.followers
      FROM unnest(deltas) x JOIN sites s ON s.id = x.site_id
    ), per_post AS (
      UPDATE analytics_post_days a SET
        likes = greatest(a.likes - g.likes, 0), comments = greatest(a.comments - g.comments, 0),
        ratings = greatest(a.ratings - g.ratings, 0)
      FROM (
        SELECT site_id, post_id, day, sum(likes)::int AS likes, sum(comments)::int AS comments,
          sum(ratings)::int AS ratings
        FROM d WHERE post_id IS NOT NULL GROUP BY 1, 2, 3
      ) g
      WHERE a.site_id = g.site_id AND a.post_id = g.post_id AND a.day = g.day
    ), per_month AS (
      UPDATE analytics_post_months a SET
        likes = greatest(a.likes - g.likes, 0), comments = greatest(a.comments - g.comments, 0),
        ratings = greatest(a.ratings - g.ratings, 0)
      FROM (
        SELECT site_id, post_id, date_trunc('month', day)::date AS month,
          sum(likes)::int AS likes, sum(comments)::int AS comments, sum(ratings)::int AS ratings
        FROM d WHERE post_id IS NOT NULL GROUP BY 1, 2, 3
      ) g
      WHERE a.site_id = g.site_id AND a.post_id = g.post_id AND a.month = g.month
    )
    UPDATE analytics_site_days a SET
      likes = greatest(a.likes - g.likes, 0), comments = greatest(a.comments - g.comments, 0),
      ratings = greatest(a.ratings - g.ratings, 0), members = greatest(a.members - g.members, 0),
      followers = greatest(a.followers - g.followers, 0)
    FROM (
      SELECT site_id, day, shard, sum(likes)::int AS likes, sum(comments)::int AS comments,
        sum(ratings)::int AS ratings, sum(members)::int AS members,
        sum(followers)::int AS followers
      FROM d GROUP BY 1, 2, 3
    ) g
    WHERE a.site_id = g.site_id AND a.day = g.day AND a.shard = g.shard;
  END IF;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_likes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, r.target_id, r.created_at, r.target_id, 1, 0, 0, 0, 0)::analytics_delta
      FROM changed_new r WHERE r.target_type = 'post'), 1);
  ELSE
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, r.target_id, r.created_at, r.target_id, 1, 0, 0, 0, 0)::analytics_delta
      FROM changed_old r WHERE r.target_type = 'post'), -1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_comments_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, r.post_id, r.created_at, r.post_id, 0, 1, 0, 0, 0)::analytics_delta
      FROM changed_new r), 1);
  ELSE
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, r.post_id, r.created_at, r.post_id, 0, 1, 0, 0, 0)::analytics_delta
      FROM changed_old r), -1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_ratings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, r.post_id, r.created_at, r.post_id, 0, 0, 1, 0, 0)::analytics_delta
      FROM changed_new r), 1);
  ELSE
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, r.post_id, r.created_at, r.post_id, 0, 0, 1, 0, 0)::analytics_delta
      FROM changed_old r), -1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_members_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, NULL, r.created_at, r.id, 0, 0, 0, 1, 0)::analytics_delta
      FROM changed_new r), 1);
  ELSE
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, NULL, r.created_at, r.id, 0, 0, 0, 1, 0)::analytics_delta
      FROM changed_old r), -1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION analytics_subscriptions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, NULL, r.created_at, r.member_id, 0, 0, 0, 0, 1)::analytics_delta
      FROM changed_new r), 1);
  ELSE
    PERFORM analytics_apply(ARRAY(
      SELECT (r.site_id, NULL, r.created_at, r.member_id, 0, 0, 0, 0, 1)::analytics_delta
      FROM changed_old r), -1);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- Views: a new post_views row is a counted view (once a day per reader and post); the reader is
-- counted once a day for the site through analytics_site_readers. Views go to shard 0: one
-- writer per process writes them in batches.
CREATE FUNCTION analytics_views_added() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH v AS (
    SELECT n.site_id, n.post_id, n.viewer_key, (now() AT TIME ZONE s.time_zone)::date AS day
    FROM changed_new n JOIN sites s ON s.id = n.site_id
  ), per_post AS (
    INSERT INTO analytics_post_days AS a (site_id, post_id, day, views)
    SELECT site_id, post_id, day, count(*) FROM v GROUP BY 1, 2, 3
    ON CONFLICT (site_id, post_id, day) DO UPDATE SET views = a.views + EXCLUDED.views
  ), per_month AS (
    INSERT INTO analytics_post_months AS a (site_id, post_id, month, views)
    SELECT site_id, post_id, date_trunc('month', day)::date, count(*) FROM v GROUP BY 1, 2, 3
    ON CONFLICT (site_id, post_id, month) DO UPDATE SET views = a.views + EXCLUDED.views
  ), new_readers AS (
    INSERT INTO analytics_site_readers (site_id, day, viewer_key)
    SELECT DISTINCT site_id, day, viewer_key FROM v
    ON CONFLICT DO NOTHING
    RETURNING site_id, day
  ), readers AS (
    SELECT site_id, day, count(*)::int AS n FROM new_readers GROUP BY 1, 2
  )
  INSERT INTO analytics_site_days AS a (site_id, day, shard, views, readers)
  SELECT p.site_id, p.day, 0, p.n, coalesce(r.n, 0)
  FROM (SELECT site_id, day, count(*)::int AS n FROM v GROUP BY 1, 2) p
  LEFT JOIN readers r ON r.site_id = p.site_id AND r.day = p.day
  ON CONFLICT (site_id, day, shard) DO UPDATE SET
    views = a.views + EXCLUDED.views, readers = a.readers + EXCLUDED.readers;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER analytics_likes_added AFTER INSERT ON likes REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_likes_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_likes_removed AFTER DELETE ON likes REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_likes_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_comments_added AFTER INSERT ON comments
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_comments_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_comments_removed AFTER DELETE ON comments
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_comments_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_ratings_added AFTER INSERT ON ratings
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_ratings_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_ratings_removed AFTER DELETE ON ratings
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_ratings_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_members_added AFTER INSERT ON members
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_members_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_members_removed AFTER DELETE ON members
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_members_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_subscriptions_added AFTER INSERT ON subscriptions
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_subscriptions_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_subscriptions_removed AFTER DELETE ON subscriptions
  REFERENCING OLD TABLE AS changed_old
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_subscriptions_changed();
--> statement-breakpoint
CREATE TRIGGER analytics_views_added AFTER INSERT ON post_views
  REFERENCING NEW TABLE AS changed_new
  FOR EACH STATEMENT EXECUTE FUNCTION analytics_views_added();
--> statement-breakpoint
-- Backfill, once: likes, comments, ratings, members and subscriptions have created_at; views
-- only have the rows of the last day or two (post_views.day, UTC) — earlier views live only in
-- posts.view_count, which has no date and so stays out of the series (decision 041).
INSERT INTO analytics_post_days (site_id, post_id, day, views, likes, comments, ratings)
SELECT site_id, post_id, day, sum(views), sum(likes), sum(comments), sum(ratings)
FROM (
  SELECT site_id, post_id, day, count(*) AS views, 0 AS likes, 0 AS comments, 0 AS ratings
  FROM post_views GROUP BY 1, 2, 3
  UNION ALL
  SELECT l.site_id, l.target_id, (l.created_at AT TIME ZONE s.time_zone)::date, 0, count(*), 0, 0
  FROM likes l JOIN sites s ON s.id = l.site_id
  JOIN posts p ON p.site_id = l.site_id AND p.id = l.target_id
  WHERE l.target_type = 'post' GROUP BY 1, 2, 3
  UNION ALL
  SELECT c.site_id, c.post_id, (c.created_at AT TIME ZONE s.time_zone)::date, 0, 0, count(*), 0
  FROM comments c JOIN sites s ON s.id = c.site_id GROUP BY 1, 2, 3
  UNION ALL
  SELECT r.site_id, r.post_id, (r.created_at AT TIME ZONE s.time_zone)::date, 0, 0, 0, count(*)
  FROM ratings r JOIN sites s ON s.id = r.site_id GROUP BY 1, 2, 3
) x
GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO analytics_post_months (site_id, post_id, month, views, likes, comments, ratings)
SELECT site_id, post_id, date_trunc('month', day)::date, sum(views), sum(likes), sum(comments),
  sum(ratings)
FROM analytics_post_days GROUP BY 1, 2, 3;
--> statement-breakpoint
INSERT INTO analytics_site_readers (site_id, day, viewer_key)
SELECT DISTINCT site_id, day, viewer_key FROM post_views;
--> statement-breakpoint
INSERT INTO analytics_site_days
  (site_id, day, shard, views, readers, likes, comments, ratings, members, followers)
SELECT site_id, day, shard, sum(views), sum(readers), sum(likes), sum(comments), sum(ratings),
  sum(members), sum(followers)
FROM (
  SELECT site_id, day, 0 AS shard, count(*) AS views, count(DISTINCT viewer_key) AS readers,
    0 AS likes, 0 AS comments, 0 AS ratings, 0 AS members, 0 AS followers
  FROM post_views GROUP BY 1, 2
  UNION ALL
  SELECT site_id, day, hashtext(post_id::text) & 7, 0, 0, sum(likes), sum(comments),
    sum(ratings), 0, 0
  FROM analytics_post_days GROUP BY 1, 2, 3
  UNION ALL
  SELECT m.site_id, (m.created_at AT TIME ZONE s.time_zone)::date, hashtext(m.id::text) & 7,
    0, 0, 0, 0, 0, count(*), 0
  FROM members m JOIN sites s ON s.id = m.site_id GROUP BY 1, 2, 3
  UNION ALL
  SELECT b.site_id, (b.created_at AT TIME ZONE s.time_zone)::date,
    hashtext(b.member_id::text) & 7, 0, 0, 0, 0, 0, 0, count(*)
  FROM subscriptions b JOIN sites s ON s.id = b.site_id GROUP BY 1, 2, 3
) x
GROUP BY 1, 2, 3;
