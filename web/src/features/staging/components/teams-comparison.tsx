import type { Team } from '@powerpool/contracts';
import { Shield } from 'lucide-react';
import { useTeamsDiff } from '@/features/staging/api/get-teams-diff';
import { DiffComparison } from './diff-comparison';

const TEAM_FIELDS: Record<string, string> = {
  name: 'Name',
  shortName: 'Short name',
  abbreviation: 'Abbreviation',
  city: 'City',
  color: 'Color',
  logoUrl: 'Logo',
  darkLogoUrl: 'Dark logo',
};

/** Staged teams compared with production (docs/screens.md#staging). */
export function TeamsComparison() {
  const query = useTeamsDiff();
  return (
    <DiffComparison<Team, Team>
      title="Teams Comparison"
      description="Staged teams compared with production."
      query={query}
      errorTitle="Unable to load teams comparison data"
      emptyText="No staging teams yet. Import teams to begin."
      emptyIcon={<Shield aria-hidden="true" />}
      stagingKey={(team) => team.espnId}
      productionKey={(team) => team.espnId}
      renderStaging={(team) => <TeamLine team={team} />}
      renderProduction={(team) => <TeamLine team={team} />}
      fieldLabel={(field) => TEAM_FIELDS[field] ?? field}
    />
  );
}

function TeamLine({ team }: { team: Team }) {
  return (
    <div className="flex items-center gap-3">
      <span aria-hidden="true" className="size-3 shrink-0 rounded-full border" style={team.color ? { backgroundColor: `#${team.color}` } : undefined} />
      <span className="w-10 shrink-0 font-mono text-xs font-semibold">{team.abbreviation}</span>
      <span className="min-w-0 truncate">{team.name}</span>
    </div>
  );
}
