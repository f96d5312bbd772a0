/** The "Global User Management" tab of /site-admin. Placeholder until its issue builds it. */
export function GlobalUserManagement() {
  return <p className="text-sm text-muted-foreground">Global User Management is coming soon.</p>;
}
