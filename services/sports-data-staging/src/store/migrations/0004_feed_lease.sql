-- Which replica of sports-data-staging polls the provider for the live feed: one row per lease,
-- taken with a conditional upsert (free, expired, or already ours) and renewed on every tick.
CREATE TABLE feed_lease (
  name text PRIMARY KEY,
  holder text NOT NULL,
  expires_at timestamptz NOT NULL
);
