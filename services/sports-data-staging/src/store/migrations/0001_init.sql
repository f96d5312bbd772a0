-- sports: staging (schedule 1) and production teams, games and venues. Runs with search_path = sports.
CREATE TABLE staging_teams (
  schedule_id integer NOT NULL,
  espn_id text NOT NULL,
  name text NOT NULL,
  short_name text NOT NULL,
  abbreviation text NOT NULL,
  city text NOT NULL,
  color text,
  logo_url text,
  dark_logo_url text,
  imported_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (schedule_id, espn_id)
);

CREATE TABLE teams (
  espn_id text PRIMARY KEY,
  name text NOT NULL,
  short_name text NOT NULL,
  abbreviation text NOT NULL,
  city text NOT NULL,
  color text,
  logo_url text,
  dark_logo_url text,
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staging_games (
  id serial PRIMARY KEY,
  schedule_id integer NOT NULL,
  espn_id text NOT NULL,
  espn_competition_id text NOT NULL,
  year integer NOT NULL,
  season_type integer NOT NULL CHECK (season_type IN (1, 2, 3)),
  week_number integer NOT NULL,
  home_team_espn_id text NOT NULL,
  away_team_espn_id text NOT NULL,
  home_team_abbr text NOT NULL,
  away_team_abbr text NOT NULL,
  home_team_short_name text NOT NULL,
  away_team_short_name text NOT NULL,
  game_time_utc timestamptz NOT NULL,
  spread numeric(5, 1),
  game_name text NOT NULL,
  current_period integer,
  game_clock text,
  game_status text NOT NULL CHECK (game_status IN ('SCHEDULED', 'IN_PROGRESS', 'COMPLETE')),
  winner_team_espn_id text,
  home_score integer,
  away_score integer,
  odds_provider text,
  odds_details text,
  venue_espn_id text,
  imported_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT staging_games_espn UNIQUE (schedule_id, espn_id)
);
CREATE INDEX staging_games_week ON staging_games (schedule_id, year, week_number);

CREATE TABLE games (
  espn_id text PRIMARY KEY,
  espn_competition_id text NOT NULL,
  year integer NOT NULL,
  season_type integer NOT NULL CHECK (season_type IN (1, 2, 3)),
  week_number integer NOT NULL,
  home_team_espn_id text NOT NULL REFERENCES teams (espn_id),
  away_team_espn_id text NOT NULL REFERENCES teams (espn_id),
  home_team_abbr text NOT NULL,
  away_team_abbr text NOT NULL,
  home_team_short_name text NOT NULL,
  away_team_short_name text NOT NULL,
  game_time_utc timestamptz NOT NULL,
  spread numeric(5, 1),
  game_name text NOT NULL,
  current_period integer,
  game_clock text,
  game_status text NOT NULL CHECK (game_status IN ('SCHEDULED', 'IN_PROGRESS', 'COMPLETE')),
  winner_team_espn_id text,
  home_score integer,
  away_score integer,
  odds_provider text,
  odds_details text,
  venue_espn_id text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX games_week ON games (year, week_number);

CREATE TABLE venues (
  espn_venue_id text PRIMARY KEY,
  full_name text NOT NULL,
  city text,
  state text,
  zip_code text,
  indoor boolean,
  grass boolean,
  exterior_image_url text,
  interior_image_url text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
