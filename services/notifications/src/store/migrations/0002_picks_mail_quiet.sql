-- Each planned message of a pool week goes to the members waiting when it was first due, once
-- (docs/notifications.md#reminders), and a person gets at most one picks e-mail of a pool week in
-- a short window (docs/notifications.md#one-picks-e-mail-at-a-time).

CREATE TABLE planned_slots (
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  kind text NOT NULL,
  slot text NOT NULL,
  planned_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, year, week_number, kind, slot)
);

CREATE TABLE picks_emails (
  user_id uuid NOT NULL,
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  delivery_id bigint NOT NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, pool_id, year, week_number)
);
