-- The seasons in production, as sports-data-staging announces them (sports.games.migrated): when
-- each season's games kick off, to tell which season is current (the default pool year). One row
-- per season year with production games; each event replaces the rows of the years it carries.
CREATE TABLE seasons (
  year integer PRIMARY KEY,
  first_kickoff_at timestamptz NOT NULL,
  last_kickoff_at timestamptz NOT NULL,
  game_count integer NOT NULL CHECK (game_count > 0),
  updated_at timestamptz NOT NULL,
  CHECK (first_kickoff_at <= last_kickoff_at)
);
