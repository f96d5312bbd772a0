-- weeks-workflow: its own view of the production sports data (teams and games, from
-- sports-data-staging's events) and of pools and members (from pools-invitations' events), and
-- what it owns: each pool's state per week, its spreads, the games it published and the record of
-- every change of state.

CREATE TABLE teams (
  espn_id text PRIMARY KEY,
  name text NOT NULL,
  abbreviation text NOT NULL,
  logo_url text,
  color text,
  updated_at timestamptz NOT NULL
);

-- Production games. A season is a year; week numbers -4..-1, 1..22.
CREATE TABLE games (
  espn_id text PRIMARY KEY,
  espn_competition_id text NOT NULL,
  year integer NOT NULL,
  season_type integer NOT NULL,
  week_number integer NOT NULL CHECK (week_number BETWEEN -4 AND 22 AND week_number <> 0),
  home_team_espn_id text NOT NULL,
  away_team_espn_id text NOT NULL,
  home_team_abbr text NOT NULL,
  away_team_abbr text NOT NULL,
  home_team_short_name text NOT NULL,
  away_team_short_name text NOT NULL,
  game_name text NOT NULL,
  game_time_utc timestamptz NOT NULL,
  status text NOT NULL,
  home_score integer,
  away_score integer,
  current_period integer,
  game_clock text,
  spread double precision,
  odds_details text,
  updated_at timestamptz NOT NULL
);
CREATE INDEX games_year_week ON games (year, week_number);
CREATE INDEX games_year_time ON games (year, game_time_utc);

-- Pools as pools-invitations' events describe them (newest updated_at wins).
CREATE TABLE pools (
  id uuid PRIMARY KEY,
  year integer NOT NULL,
  commissioner_id uuid NOT NULL,
  is_public boolean NOT NULL,
  allows_preseason boolean NOT NULL,
  allows_regular_season boolean NOT NULL,
  allows_postseason boolean NOT NULL,
  updated_at timestamptz NOT NULL
);
-- A deleted pool stays deleted whatever late event arrives about it.
CREATE TABLE deleted_pools (
  id uuid PRIMARY KEY,
  deleted_at timestamptz NOT NULL
);
CREATE TABLE pool_members (
  pool_id uuid NOT NULL,
  user_id uuid NOT NULL,
  is_active boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, user_id)
);

-- A pool's state of a week. No row: SETUP.
CREATE TABLE pool_weeks (
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  state text NOT NULL CHECK (state IN ('SETUP', 'PUBLISHED', 'GAMES_IN_PROGRESS', 'SCORING', 'COMPLETE')),
  pick_deadline timestamptz,
  published_at timestamptz,
  state_changed_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, year, week_number),
  CHECK (state = 'SETUP' OR pick_deadline IS NOT NULL)
);
-- The automatic start looks for published weeks whose deadline has passed.
CREATE INDEX pool_weeks_published_deadline ON pool_weeks (pick_deadline) WHERE state = 'PUBLISHED';

-- A pool's spread of a game, editable while the game's week is in SETUP.
CREATE TABLE pool_spreads (
  pool_id uuid NOT NULL,
  game_id text NOT NULL,
  spread double precision NOT NULL,
  updated_by uuid,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, game_id)
);

-- The games a pool published, with the spread locked at publish.
CREATE TABLE pool_games (
  id uuid PRIMARY KEY,
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  game_id text NOT NULL,
  locked_spread double precision NOT NULL,
  published_at timestamptz NOT NULL,
  void_reason text,
  voided_by uuid,
  voided_at timestamptz,
  UNIQUE (pool_id, game_id),
  CHECK ((void_reason IS NULL) = (voided_at IS NULL))
);
CREATE INDEX pool_games_week ON pool_games (pool_id, year, week_number);
CREATE INDEX pool_games_game ON pool_games (game_id);

-- Every change of a pool week's state: who, when, from, to, by the Testing tab or by the clock.
CREATE TABLE week_transitions (
  id bigserial PRIMARY KEY,
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  from_state text NOT NULL,
  to_state text NOT NULL,
  testing boolean NOT NULL,
  automatic boolean NOT NULL,
  by_user_id uuid,
  at timestamptz NOT NULL
);
CREATE INDEX week_transitions_week ON week_transitions (pool_id, year, week_number, id);
