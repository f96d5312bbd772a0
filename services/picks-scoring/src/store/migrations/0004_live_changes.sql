-- The live boards' change log (docs/architecture.md#live-change-log): every committed statement that
-- may move a live board leaves one row naming what it touched: a pool (its boards), a production
-- game (the boards that show it) or everything (teams, venues). Written by triggers, so no write
-- path can forget it. The live streams read the rows new since their last read in ONE query per
-- wake-up or safety-net tick, whatever the number of pools (serving/live-changes.ts); `xid` is the
-- writing transaction's id, which lets a reader tell which rows may still commit after it read.
CREATE TABLE live_changes (
  id bigserial PRIMARY KEY,
  xid bigint NOT NULL DEFAULT txid_current(),
  at timestamptz NOT NULL DEFAULT now(),
  pool_id uuid,
  game_id text,
  everything boolean NOT NULL DEFAULT false
);
CREATE INDEX live_changes_xid ON live_changes (xid);
CREATE INDEX live_changes_at ON live_changes (at);

-- Statement triggers with transition tables (`changed_rows`): one row per pool or game touched, not per row.
CREATE FUNCTION live_change_of_pool_rows() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO live_changes (pool_id) SELECT DISTINCT c.pool_id FROM changed_rows c;
  RETURN NULL;
END $$;

CREATE FUNCTION live_change_of_pools() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO live_changes (pool_id) SELECT DISTINCT c.id FROM changed_rows c;
  RETURN NULL;
END $$;

CREATE FUNCTION live_change_of_games() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO live_changes (game_id) SELECT DISTINCT c.espn_id FROM changed_rows c;
  RETURN NULL;
END $$;

-- A user's name and e-mail show on the boards of the pools they belong to, run, or overrode picks in.
CREATE FUNCTION live_change_of_users() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO live_changes (pool_id)
    SELECT m.pool_id FROM pool_members m WHERE m.user_id IN (SELECT c.id FROM changed_rows c)
    UNION SELECT p.id FROM pools p WHERE p.commissioner_id IN (SELECT c.id FROM changed_rows c)
    UNION SELECT o.pool_id FROM pick_overrides o WHERE o.by_user_id IN (SELECT c.id FROM changed_rows c);
  RETURN NULL;
END $$;

CREATE FUNCTION live_change_of_everything() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
BEGIN
  INSERT INTO live_changes (everything) SELECT true WHERE EXISTS (SELECT 1 FROM changed_rows);
  RETURN NULL;
END $$;

DO $$
DECLARE
  r record;
  ev text;
BEGIN
  FOR r IN SELECT * FROM (VALUES
    ('pools', 'live_change_of_pools'),
    ('pool_weeks', 'live_change_of_pool_rows'),
    ('pool_games', 'live_change_of_pool_rows'),
    ('picks', 'live_change_of_pool_rows'),
    ('week_scores', 'live_change_of_pool_rows'),
    ('pool_members', 'live_change_of_pool_rows'),
    ('pick_overrides', 'live_change_of_pool_rows'),
    ('games', 'live_change_of_games'),
    ('users', 'live_change_of_users'),
    ('teams', 'live_change_of_everything'),
    ('venues', 'live_change_of_everything')
  ) AS t (tbl, fn) LOOP
    FOREACH ev IN ARRAY ARRAY['INSERT', 'UPDATE', 'DELETE'] LOOP
      EXECUTE format(
        'CREATE TRIGGER %I AFTER %s ON %I REFERENCING %s TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION %I()',
        r.tbl || '_live_' || lower(ev), ev, r.tbl, CASE ev WHEN 'DELETE' THEN 'OLD' ELSE 'NEW' END, r.fn
      );
    END LOOP;
  END LOOP;
END $$;
