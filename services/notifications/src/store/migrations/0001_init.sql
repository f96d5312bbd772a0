-- notifications: its own copies of users (identity), pools and members (pools-invitations),
-- published weeks (weeks-workflow) and saved picks (picks-scoring), and what it owns: each
-- person's preferences and browser push subscriptions, each pool's reminder settings, the last
-- nudge of each pool week and every delivery (docs/notifications.md).

CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  name text NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE pools (
  id uuid PRIMARY KEY,
  year integer NOT NULL,
  commissioner_id uuid NOT NULL,
  is_public boolean NOT NULL,
  name text NOT NULL,
  updated_at timestamptz NOT NULL
);

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

CREATE TABLE pool_weeks (
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  state text NOT NULL,
  state_changed_at timestamptz NOT NULL,
  pick_deadline timestamptz NOT NULL,
  published_at timestamptz NOT NULL,
  results_at timestamptz,
  PRIMARY KEY (pool_id, year, week_number)
);
CREATE INDEX pool_weeks_open ON pool_weeks (pick_deadline) WHERE state = 'PUBLISHED';

CREATE TABLE week_results (
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  user_id uuid NOT NULL,
  points integer NOT NULL,
  rank integer NOT NULL,
  PRIMARY KEY (pool_id, year, week_number, user_id)
);

CREATE TABLE picks_saved (
  pool_id uuid NOT NULL,
  user_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  pick_count integer NOT NULL,
  saved_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, user_id, year, week_number)
);

CREATE TABLE preferences (
  user_id uuid NOT NULL,
  kind text NOT NULL,
  channel text NOT NULL,
  enabled boolean NOT NULL,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (user_id, kind, channel)
);

CREATE TABLE push_subscriptions (
  endpoint text PRIMARY KEY,
  user_id uuid NOT NULL,
  p256dh text NOT NULL,
  auth text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX push_subscriptions_user ON push_subscriptions (user_id);

CREATE TABLE pool_settings (
  pool_id uuid PRIMARY KEY,
  reminder_24h boolean NOT NULL,
  reminder_1h boolean NOT NULL,
  updated_by uuid NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE nudges (
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  nudged_at timestamptz NOT NULL,
  by_user_id uuid NOT NULL,
  PRIMARY KEY (pool_id, year, week_number)
);

-- One row per message; the unique key is what makes each go out once across replicas and restarts.
CREATE TABLE deliveries (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL,
  pool_id uuid NOT NULL,
  year integer NOT NULL,
  week_number integer NOT NULL,
  kind text NOT NULL,
  slot text NOT NULL,
  channel text NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'sending', 'sent', 'failed', 'skipped')),
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL,
  claim_token uuid,
  lease_until timestamptz,
  last_error text,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  CONSTRAINT deliveries_once UNIQUE (user_id, pool_id, year, week_number, kind, slot, channel)
);
CREATE INDEX deliveries_due ON deliveries (next_attempt_at) WHERE status IN ('pending', 'sending');
