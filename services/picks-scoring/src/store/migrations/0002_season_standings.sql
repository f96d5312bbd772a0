-- Season standings (game-rules.md "Leaderboards") for pools of 10,000 members over 22 weeks in
-- well under 200 ms: each player's totals over the pool's COMPLETE weeks are kept, refreshed in the
-- transaction that changes them (a week's calculation once it is COMPLETE, a week reaching
-- COMPLETE), so reading the standings is one indexed read of one row per member instead of an
-- aggregate over 220,000 week scores.
CREATE TABLE season_totals (
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  user_id uuid NOT NULL,
  -- Sum of the final scores, completed weeks with picks, highest final score (null: no week).
  total_points integer NOT NULL,
  weeks_played integer NOT NULL,
  best_final integer,
  PRIMARY KEY (pool_id, year, user_id)
);

-- Which COMPLETE weeks the kept totals cover. When the pool's COMPLETE weeks differ (a week just
-- completed, its refresh not yet done), readers aggregate week_scores instead: never stale.
CREATE TABLE season_totals_state (
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  weeks integer[] NOT NULL,
  refreshed_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, year)
);

-- The aggregate itself (refresh, and the fallback): one scan of the pool's season in player order
-- without visiting the table. Also serves one player's weekly scoring review (pool, year, user).
CREATE INDEX week_scores_season ON week_scores (pool_id, year, user_id) INCLUDE (week_number, final_points, has_picks);
