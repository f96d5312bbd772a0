-- The games some pool has published (weeks.week.published): the live feed follows the provider on
-- its fastest cadence only while one of these is being played (docs/architecture.md#live-feed).
-- One row per game, whichever pool published it first; never removed (a game is played once).
CREATE TABLE published_games (
  espn_id text PRIMARY KEY,
  first_published_at timestamptz NOT NULL
);
