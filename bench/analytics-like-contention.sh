#!/bin/bash
# Hot-row contention of the like path with and without the analytics triggers (decision 041):
# pgbench runs the like's two writes (insert into likes, bump posts.like_count) in a transaction
# from 16 clients on one hot post and spread over the posts, with the triggers on, off, and with
# the site's day as one row instead of 8 shards. Run it on a bench database after
# `npm run bench -- --only analytics --database-url <url>` (it needs the seeded posts):
#
#   bench/analytics-like-contention.sh postgres://postgres@127.0.0.1:5432/inkwell_bench
#
# It leaves the likes it made (on a bench database, emptied by the next bench run).
set -euo pipefail
URL="${1:?a postgres:// URL of a bench database}"
case "$URL" in *bench*) ;; *) echo "refusing a database whose name lacks 'bench'" >&2; exit 2 ;; esac
DB="$URL"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
SITE=$(psql "$DB" -Atc "select id from sites limit 1")
HOT=$(psql "$DB" -Atc "select id from posts where site_id = '$SITE' and status = 'published' order by id limit 1")
psql "$DB" -qc "drop table if exists bench_pgb_posts; create table bench_pgb_posts as select (row_number() over (order by id) - 1)::int as i, id from posts where site_id = '$SITE' and status = 'published'; alter table bench_pgb_posts add primary key (i);"
N=$(psql "$DB" -Atc "select count(*) from bench_pgb_posts")
cat > $WORK/hot.sql <<SQL
\set n random(1, 2000000000)
BEGIN;
INSERT INTO likes (site_id, target_type, target_id, liker_key) VALUES ('$SITE', 'post', '$HOT', 'v:pgb-' || :n) ON CONFLICT DO NOTHING;
UPDATE posts SET like_count = like_count + 1 WHERE site_id = '$SITE' AND id = '$HOT';
END;
SQL
cat > $WORK/spread.sql <<SQL
\set n random(1, 2000000000)
\set k random(0, $((N - 1)))
BEGIN;
INSERT INTO likes (site_id, target_type, target_id, liker_key) SELECT '$SITE', 'post', id, 'v:pgb-' || :n FROM bench_pgb_posts WHERE i = :k ON CONFLICT DO NOTHING;
UPDATE posts SET like_count = like_count + 1 WHERE site_id = '$SITE' AND id = (SELECT id FROM bench_pgb_posts WHERE i = :k);
END;
SQL
run() { # name script
  local out
  out=$(pgbench "$DB" -n -c 16 -j 2 -T ${SECONDS_EACH:-8} -f $WORK/$2.sql 2>&1)
  echo "$1: $(echo "$out" | grep -E '^tps' | sed 's/ (without.*//') | $(echo "$out" | grep -E 'latency average')"
}
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
run "one hot post, triggers on (8 shards)" hot
run "10,000 posts, triggers on (8 shards)" spread
psql "$DB" -qc "alter table likes disable trigger analytics_likes_added"
run "one hot post, no triggers" hot
run "10,000 posts, no triggers" spread
psql "$DB" -qc "alter table likes enable trigger analytics_likes_added"
# One shard: the site's day as a single row every like waits for.
DEF=$(psql "$DB" -Atc "select pg_get_functiondef('analytics_apply'::regproc)")
printf "%s;\n" "${DEF//hashtext(x.shard_key::text) & 7/0}" | psql "$DB" -q
run "10,000 posts, triggers on, 1 shard" spread
printf "%s;\n" "$DEF" | psql "$DB" -q
psql "$DB" -qc "drop table bench_pgb_posts"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
