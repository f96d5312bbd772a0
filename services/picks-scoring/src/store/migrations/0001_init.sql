-- picks-scoring: its own view of users (identity's events), pools and members (pools-invitations'
-- events), production teams, venues and games (sports-data-staging's events), each pool's published
-- weeks and games (weeks-workflow's events); and what it owns: picks, their results, each player's
-- week scores, and the record of commissioner overrides.

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  -- The name the product displays (displayNameOf), computed when the snapshot arrives.
  display_name text NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE teams (
  espn_id text PRIMARY KEY,
  name text NOT NULL,
  abbreviation text NOT NULL,
  logo_url text,
  color text,
  updated_at timestamptz NOT NULL
);

CREATE TABLE venues (
  espn_id text PRIMARY KEY,
  full_name text NOT NULL,
  city text,
  state text,
  exterior_image_url text,
  interior_image_url text
);

-- Production games (newest updated_at wins).
CREATE TABLE games (
  espn_id text PRIMARY KEY,
  espn_competition_id text NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  home_team_espn_id text NOT NULL,
  away_team_espn_id text NOT NULL,
  home_team_abbr text NOT NULL,
  away_team_abbr text NOT NULL,
  home_team_short_name text NOT NULL,
  away_team_short_name text NOT NULL,
  game_name text NOT NULL,
  game_time_utc timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('SCHEDULED', 'IN_PROGRESS', 'COMPLETE', 'POSTPONED', 'CANCELLED')),
  home_score integer,
  away_score integer,
  current_period integer,
  game_clock text,
  venue_espn_id text,
  updated_at timestamptz NOT NULL
);
CREATE INDEX games_year_week ON games (year, week_number);

CREATE TABLE pools (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  year integer NOT NULL,
  commissioner_id uuid NOT NULL,
  is_public boolean NOT NULL,
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
CREATE INDEX pool_members_user ON pool_members (user_id);

-- A pool's week once published (no row: SETUP). The state only moves forward.
CREATE TABLE pool_weeks (
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  state text NOT NULL CHECK (state IN ('SETUP', 'PUBLISHED', 'GAMES_IN_PROGRESS', 'SCORING', 'COMPLETE')),
  pick_deadline timestamptz NOT NULL,
  published_at timestamptz NOT NULL,
  state_changed_at timestamptz NOT NULL,
  -- When scores were last calculated (null: never).
  calculated_at timestamptz,
  PRIMARY KEY (pool_id, year, week_number)
);

-- The games a pool published, with the spread locked at publish, and void rulings.
CREATE TABLE pool_games (
  id uuid PRIMARY KEY,
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  game_id text NOT NULL,
  locked_spread double precision NOT NULL,
  home_team_espn_id text NOT NULL,
  away_team_espn_id text NOT NULL,
  game_time_utc timestamptz NOT NULL,
  void_reason text,
  voided_at timestamptz,
  UNIQUE (pool_id, game_id)
);
CREATE INDEX pool_games_week ON pool_games (pool_id, year, week_number);
CREATE INDEX pool_games_game ON pool_games (game_id);

-- A player's picks of a pool week: one per rank (3, 2, 1; 0 the power pick), one per game.
CREATE TABLE picks (
  id uuid PRIMARY KEY,
  pool_id uuid NOT NULL,
  user_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  game_id text NOT NULL,
  -- Null only for a commissioner's power pick on a game the pool did not publish.
  pool_game_id uuid,
  selected_team_espn_id text NOT NULL,
  confidence_rank integer NOT NULL CHECK (confidence_rank BETWEEN 0 AND 3),
  is_power_pick boolean NOT NULL,
  entered_by uuid NOT NULL,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Results, written by the calculation (null: pending / not calculated).
  result text CHECK (result IN ('WIN', 'LOSS', 'PUSH', 'PENDING')),
  points_earned integer,
  CHECK (is_power_pick = (confidence_rank = 0)),
  CHECK (pool_game_id IS NOT NULL OR is_power_pick),
  UNIQUE (pool_id, user_id, year, week_number, confidence_rank),
  UNIQUE (pool_id, user_id, year, week_number, game_id)
);
CREATE INDEX picks_week ON picks (pool_id, year, week_number);

-- Each player's calculated week (one row per active member with or without picks).
CREATE TABLE week_scores (
  pool_id uuid NOT NULL,
  user_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  raw_points integer NOT NULL,
  multiplier integer NOT NULL,
  final_points integer NOT NULL,
  power_effect text NOT NULL CHECK (power_effect IN ('x2', 'x0', 'push', 'none', 'pending')),
  has_picks boolean NOT NULL,
  has_calculation_error boolean NOT NULL,
  error_message text,
  calculated_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, year, week_number, user_id)
);
CREATE INDEX week_scores_user ON week_scores (pool_id, user_id);

-- Every commissioner override: who, when, why, the picks before and after.
CREATE TABLE pick_overrides (
  id uuid PRIMARY KEY,
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  target_user_id uuid NOT NULL,
  by_user_id uuid NOT NULL,
  reason text NOT NULL,
  at timestamptz NOT NULL,
  picks_before jsonb NOT NULL,
  picks_after jsonb NOT NULL
);
CREATE INDEX pick_overrides_week ON pick_overrides (pool_id, year, week_number, at);
