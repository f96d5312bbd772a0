-- The pool's weekly tiebreaker as pools-invitations announces it, and the game a week fixed as its
-- tiebreaker when it was published (docs/game.md#weekly-winners). Pools copied before the setting
-- existed have none until their next event.
ALTER TABLE pools ADD COLUMN weekly_tiebreaker text NOT NULL DEFAULT 'none';
ALTER TABLE pool_weeks ADD COLUMN tiebreaker_game_id text;
