/** The "Global Pool Management" tab of /site-admin. Placeholder until its issue builds it. */
export function GlobalPoolManagement() {
  return <p className="text-sm text-muted-foreground">Global Pool Management is coming soon.</p>;
}
