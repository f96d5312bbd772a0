-- Pool memberships as pools-invitations announces them (pools.member.*, pools.pool.*), for the
-- global user list. Removed memberships stay as tombstones (removed = true) so a late, older event
-- cannot bring them back.
CREATE TABLE pool_assignments (
  pool_id uuid NOT NULL,
  user_id uuid NOT NULL,
  pool_name text NOT NULL,
  is_active boolean NOT NULL,
  removed boolean NOT NULL DEFAULT false,
  updated_at timestamptz NOT NULL,
  PRIMARY KEY (pool_id, user_id)
);
CREATE INDEX pool_assignments_user ON pool_assignments (user_id) WHERE NOT removed;
