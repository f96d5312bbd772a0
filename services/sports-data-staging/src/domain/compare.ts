import type { FieldChange, Game, GameData, StagingGame, Team } from '@powerpool/contracts';

export const TEAM_FIELDS = ['name', 'shortName', 'abbreviation', 'city', 'color', 'logoUrl', 'darkLogoUrl'] as const;
export const GAME_FIELDS = [
  'espnCompetitionId',
  'year',
  'seasonType',
  'weekNumber',
  'homeTeamEspnId',
  'awayTeamEspnId',
  'homeTeamAbbr',
  'awayTeamAbbr',
  'homeTeamShortName',
  'awayTeamShortName',
  'gameTimeUtc',
  'spread',
  'gameName',
  'currentPeriod',
  'gameClock',
  'gameStatus',
  'statusDetail',
  'winnerTeamEspnId',
  'homeScore',
  'awayScore',
  'oddsProvider',
  'oddsDetails',
  'venueEspnId',
] as const satisfies ReadonlyArray<keyof GameData>;
/** Fields whose change is announced with sports.game.updated. */
export const LIVE_FIELDS = [
  'gameStatus',
  'statusDetail',
  'currentPeriod',
  'gameClock',
  'homeScore',
  'awayScore',
  'winnerTeamEspnId',
  'spread',
  'oddsProvider',
  'oddsDetails',
] as const;

export function changesOf<T extends object>(staging: T, production: T, fields: ReadonlyArray<keyof T>): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of fields) {
    const a = staging[field] ?? null;
    const b = production[field] ?? null;
    if (a !== b) changes.push({ field: String(field), staging: a, production: b });
  }
  return changes;
}

export interface Diff<S, P> {
  new: S[];
  updated: Array<{ staging: S; production: P; changes: FieldChange[] }>;
  toDelete: P[];
  unchanged: S[];
}

export function diffBy<S extends object, P extends object>({
  staging,
  production,
  key,
  fields,
}: {
  staging: S[];
  production: P[];
  key: (x: S | P) => string;
  fields: ReadonlyArray<keyof S & keyof P>;
}): Diff<S, P> {
  const prod = new Map(production.map((p) => [key(p), p]));
  const seen = new Set<string>();
  const out: Diff<S, P> = { new: [], updated: [], toDelete: [], unchanged: [] };
  for (const s of staging) {
    const k = key(s);
    seen.add(k);
    const p = prod.get(k);
    if (!p) {
      out.new.push(s);
      continue;
    }
    const changes = changesOf(s as unknown as Record<string, unknown>, p as unknown as Record<string, unknown>, fields as unknown as string[]);
    if (changes.length) out.updated.push({ staging: s, production: p, changes });
    else out.unchanged.push(s);
  }
  for (const p of production) if (!seen.has(key(p))) out.toDelete.push(p);
  return out;
}

export const diffTeams = (staging: Team[], production: Team[]) => diffBy({ staging, production, key: (t) => t.espnId, fields: TEAM_FIELDS });
export const diffGames = (staging: StagingGame[], production: Game[]) =>
  diffBy<StagingGame, Game>({ staging, production, key: (g) => g.espnId, fields: GAME_FIELDS });
