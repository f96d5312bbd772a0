-- A pool's weekly tiebreaker (docs/game.md#weekly-winners): none, or the total points of the last
-- game by kickoff of each published week. Existing pools keep today's behaviour (none).
ALTER TABLE pools ADD COLUMN weekly_tiebreaker text NOT NULL DEFAULT 'none' CHECK (weekly_tiebreaker IN ('none', 'last_game_total'));
