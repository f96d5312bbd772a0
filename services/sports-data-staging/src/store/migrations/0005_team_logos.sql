-- Team logos fetched once from the provider's image host at the teams import and served from our
-- own origin (GET /api/teams/{espnId}/logo?v={hash}). One row per team and image content: a team's
-- logoUrl names its hash, so an image stays servable while older copies of the team still name it.
CREATE TABLE team_logos (
  espn_id text NOT NULL,
  hash text NOT NULL,
  content_type text NOT NULL,
  bytes bytea NOT NULL,
  source_url text NOT NULL,
  fetched_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (espn_id, hash)
);
