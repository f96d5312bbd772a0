-- Each pool's name as identity last heard it, kept apart from the memberships: pools.pool.updated
-- (a rename) and pools.member.* (which carry the pool's name as of the member's change) travel on
-- separate consumers and may arrive in either order, so the newest name wins by when it was read,
-- never by when it arrived (docs/cross-service-decisions.md).
CREATE TABLE pool_names (
  pool_id uuid PRIMARY KEY,
  name text NOT NULL,
  name_at timestamptz NOT NULL
);
INSERT INTO pool_names (pool_id, name, name_at)
SELECT DISTINCT ON (pool_id) pool_id, pool_name, updated_at
FROM pool_assignments
ORDER BY pool_id, updated_at DESC;
