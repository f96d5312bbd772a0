-- Game statuses by the game rules: a game the provider cancels or postpones is CANCELLED or
-- POSTPONED, never COMPLETE. Widens the game_status checks of 0001 on staging and production
-- games. 0001 left them unnamed, so Postgres named them <table>_game_status_check (Postgres 15 and
-- PGlite alike); they are dropped by that name (no IF EXISTS: a different name must fail the
-- migration, not leave the narrow check in place) and added back under the same name.
ALTER TABLE staging_games DROP CONSTRAINT staging_games_game_status_check;
ALTER TABLE staging_games ADD CONSTRAINT staging_games_game_status_check
  CHECK (game_status IN ('SCHEDULED', 'IN_PROGRESS', 'COMPLETE', 'POSTPONED', 'CANCELLED'));

ALTER TABLE games DROP CONSTRAINT games_game_status_check;
ALTER TABLE games ADD CONSTRAINT games_game_status_check
  CHECK (game_status IN ('SCHEDULED', 'IN_PROGRESS', 'COMPLETE', 'POSTPONED', 'CANCELLED'));
