-- pools-invitations: pools, members, invitations, and the users it has heard of from identity.
-- Runs with search_path = pools.

-- Users as identity announces them (identity.user.* events); never written from anywhere else
-- except a placeholder seeded from the gateway's assertion (updated_at = epoch, so any event wins).
CREATE TABLE users (
  id uuid PRIMARY KEY,
  email text NOT NULL,
  display_name text,
  first_name text,
  last_name text,
  role text NOT NULL CHECK (role IN ('user', 'pool_commissioner', 'super_admin')),
  updated_at timestamptz NOT NULL
);

CREATE TABLE pools (
  id uuid PRIMARY KEY,
  name text NOT NULL,
  description text,
  year integer NOT NULL,
  allows_preseason boolean NOT NULL DEFAULT false,
  allows_regular_season boolean NOT NULL DEFAULT true,
  allows_postseason boolean NOT NULL DEFAULT false,
  max_members integer NOT NULL DEFAULT 50 CHECK (max_members BETWEEN 1 AND 1000),
  is_public boolean NOT NULL DEFAULT false,
  slug text NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  pool_type text NOT NULL DEFAULT 'standard' CHECK (pool_type IN ('standard', 'test', 'private')),
  pool_commissioner_id uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT pools_slug UNIQUE (slug)
);
CREATE INDEX pools_commissioner ON pools (pool_commissioner_id);

CREATE TABLE pool_members (
  pool_id uuid NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
  user_id uuid NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'member')),
  is_active boolean NOT NULL DEFAULT true,
  has_paid boolean NOT NULL DEFAULT false,
  payment_notes text,
  notes text,
  joined_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (pool_id, user_id)
);
CREATE INDEX pool_members_user ON pool_members (user_id);

CREATE TABLE invitations (
  id uuid PRIMARY KEY,
  pool_id uuid NOT NULL REFERENCES pools (id) ON DELETE CASCADE,
  -- >= 128 random bits, base64url; the link is the only secret.
  token text NOT NULL UNIQUE,
  notes text,
  max_uses integer CHECK (max_uses IS NULL OR max_uses > 0),
  current_uses integer NOT NULL DEFAULT 0,
  expires_at timestamptz NOT NULL,
  is_active boolean NOT NULL DEFAULT true,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The last line of defence: the use counter can never pass the limit.
  CONSTRAINT invitations_uses_within_limit CHECK (max_uses IS NULL OR current_uses <= max_uses)
);
CREATE INDEX invitations_pool ON invitations (pool_id);
