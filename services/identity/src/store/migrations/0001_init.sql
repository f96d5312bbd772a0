-- identity: users, sessions and sign-in attempts. Runs with search_path = identity.
CREATE TABLE users (
  id uuid PRIMARY KEY,
  issuer text NOT NULL,
  subject text NOT NULL,
  email text NOT NULL,
  display_name text,
  first_name text,
  last_name text,
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'pool_commissioner', 'super_admin')),
  has_paid boolean NOT NULL DEFAULT false,
  payment_notes text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_sign_in_at timestamptz,
  CONSTRAINT users_provider_subject UNIQUE (issuer, subject)
);
CREATE INDEX users_email ON users (lower(email));

-- Session ids are random 256-bit values; only their SHA-256 is stored.
CREATE TABLE sessions (
  id_hash text PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  -- Kept server-side for RP-initiated logout (id_token_hint); never sent to the browser.
  id_token text
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expiry ON sessions (expires_at);

-- One row per sign-in started: PKCE verifier, nonce and where to go back, bound to the browser.
CREATE TABLE login_attempts (
  state text PRIMARY KEY,
  binding_hash text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  return_to text NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX login_attempts_expiry ON login_attempts (expires_at);
