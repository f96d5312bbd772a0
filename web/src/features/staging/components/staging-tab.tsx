/** The "ESPN Data Staging" tab of /site-admin. Placeholder until its issue builds it. */
export function StagingTab() {
  return <p className="text-sm text-muted-foreground">ESPN Data Staging is coming soon.</p>;
}
