-- The weekly tiebreaker (docs/game.md#weekly-winners): the game a week fixed as its tiebreaker when
-- it was published (weeks.week.published), and each player's prediction of its total points, saved
-- with their picks (same transaction, same deadline, same secrecy). Its rows move the live boards
-- like the picks do (docs/architecture.md#live-change-log).
ALTER TABLE pool_weeks ADD COLUMN tiebreaker_game_id text;

CREATE TABLE week_tiebreakers (
  pool_id uuid NOT NULL,
  user_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  prediction integer NOT NULL CHECK (prediction BETWEEN 0 AND 200),
  entered_by uuid NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, year, week_number, user_id)
);

-- A commissioner override records the prediction before and after, like the picks.
ALTER TABLE pick_overrides ADD COLUMN tiebreaker_before integer;
ALTER TABLE pick_overrides ADD COLUMN tiebreaker_after integer;

CREATE TRIGGER week_tiebreakers_live_insert AFTER INSERT ON week_tiebreakers REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION live_change_of_pool_rows();
CREATE TRIGGER week_tiebreakers_live_update AFTER UPDATE ON week_tiebreakers REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION live_change_of_pool_rows();
CREATE TRIGGER week_tiebreakers_live_delete AFTER DELETE ON week_tiebreakers REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION live_change_of_pool_rows();
