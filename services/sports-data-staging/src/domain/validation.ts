import type { CheckResult, OverallStatus, StagingGame, Team, ValidationReport } from '@powerpool/contracts';

/** Regular-season weeks 1-18; postseason game counts per week (Wild Card 6, Divisional 4, Conference 2, Super Bowl 1). */
const POSTSEASON_GAMES: Record<number, number> = { 19: 6, 20: 4, 21: 2, 22: 1 };
const NFL_TEAMS = 32;
const MAX_ERRORS = 50;

function check({
  severity,
  okDetails,
  errors,
  failDetails,
}: {
  severity: CheckResult['severity'];
  okDetails: string;
  errors: string[];
  failDetails: string;
}): CheckResult {
  return { passed: errors.length === 0, severity, details: errors.length ? failDetails : okDetails, errors: errors.slice(0, MAX_ERRORS) };
}

function label(g: StagingGame): string {
  return `${g.awayTeamAbbr} at ${g.homeTeamAbbr} (${g.espnId}, week ${g.weekNumber})`;
}

/**
 * The games that count in a week's structure: a cancelled game is never played, so its teams may
 * play a replacement that week and it does not count towards the week's game limit.
 */
function played(list: StagingGame[]): StagingGame[] {
  return list.filter((g) => g.gameStatus !== 'CANCELLED');
}

/** Each team plays at most once per week (cancelled games aside). */
function doubleBookings(list: StagingGame[]): string[] {
  const seen = new Map<string, string>();
  const errors: string[] = [];
  for (const g of played(list)) {
    for (const team of [g.homeTeamAbbr, g.awayTeamAbbr]) {
      const key = `${g.year}:${g.weekNumber}:${team}`;
      if (seen.has(key)) errors.push(`${team} plays twice in ${g.year} week ${g.weekNumber}: ${seen.get(key)} and ${g.espnId}`);
      else seen.set(key, g.espnId);
    }
  }
  return errors;
}

function teamStructure(teams: Team[], games: StagingGame[]): CheckResult {
  const errors: string[] = [];
  if (teams.length !== NFL_TEAMS) errors.push(`Staging has ${teams.length} teams; the NFL has ${NFL_TEAMS}`);
  const abbrs = new Map<string, number>();
  for (const t of teams) {
    abbrs.set(t.abbreviation, (abbrs.get(t.abbreviation) ?? 0) + 1);
    if (!t.name.trim() || !t.abbreviation.trim()) errors.push(`Team ${t.espnId} lacks a name or abbreviation`);
  }
  for (const [abbr, n] of abbrs) if (n > 1) errors.push(`Abbreviation ${abbr} is used by ${n} teams`);
  const ids = new Set(teams.map((t) => t.espnId));
  const unknown = new Set<string>();
  for (const g of games) for (const id of [g.homeTeamEspnId, g.awayTeamEspnId]) if (!ids.has(id)) unknown.add(id);
  for (const id of unknown) errors.push(`Games use team ${id}, which is not a staged team`);
  return check({
    severity: 'critical',
    okDetails: `${teams.length} teams, every game's teams are staged`,
    errors,
    failDetails: `${errors.length} team problem(s)`,
  });
}

function regularSeason(games: StagingGame[]): CheckResult {
  const reg = games.filter((g) => g.seasonType === 2);
  const errors: string[] = [];
  for (const g of reg) if (g.weekNumber < 1 || g.weekNumber > 18) errors.push(`${label(g)}: regular season week must be 1-18`);
  const years = [...new Set(reg.map((g) => g.year))];
  for (const year of years) {
    for (let w = 1; w <= 18; w += 1) {
      const week = reg.filter((g) => g.year === year && g.weekNumber === w);
      const n = played(week).length;
      if (week.length === 0) errors.push(`${year} week ${w} has no games`);
      else if (n > 16) errors.push(`${year} week ${w} has ${n} games (at most 16)`);
    }
  }
  errors.push(...doubleBookings(reg));
  return check({
    severity: 'warning',
    okDetails: `${reg.length} regular season games across weeks 1-18`,
    errors,
    failDetails: `${errors.length} regular season issue(s)`,
  });
}

function preseason(games: StagingGame[]): CheckResult {
  const pre = games.filter((g) => g.seasonType === 1);
  const errors: string[] = [];
  for (const g of pre) if (g.weekNumber < -4 || g.weekNumber > -1) errors.push(`${label(g)}: preseason week must be -4 to -1`);
  errors.push(...doubleBookings(pre));
  return check({ severity: 'warning', okDetails: `${pre.length} preseason games`, errors, failDetails: `${errors.length} preseason issue(s)` });
}

function postseason(games: StagingGame[]): CheckResult {
  const post = games.filter((g) => g.seasonType === 3);
  const errors: string[] = [];
  for (const g of post) if (!(g.weekNumber in POSTSEASON_GAMES)) errors.push(`${label(g)}: postseason week must be 19-22`);
  for (const year of new Set(post.map((g) => g.year))) {
    for (const [week, max] of Object.entries(POSTSEASON_GAMES)) {
      const n = played(post.filter((g) => g.year === year && g.weekNumber === Number(week))).length;
      if (n > max) errors.push(`${year} week ${week} has ${n} games (at most ${max})`);
    }
  }
  errors.push(...doubleBookings(post));
  return check({ severity: 'warning', okDetails: `${post.length} postseason games`, errors, failDetails: `${errors.length} postseason issue(s)` });
}

function dataIntegrity(games: StagingGame[]): CheckResult {
  const errors: string[] = [];
  const ids = new Set<string>();
  for (const g of games) {
    if (ids.has(g.espnId)) errors.push(`Game ${g.espnId} is staged twice`);
    ids.add(g.espnId);
    if (g.homeTeamEspnId === g.awayTeamEspnId) errors.push(`${label(g)}: home and away are the same team`);
    if (Number.isNaN(Date.parse(g.gameTimeUtc))) errors.push(`${label(g)}: kickoff time is missing`);
    const expectedType = g.weekNumber < 0 ? 1 : g.weekNumber <= 18 ? 2 : 3;
    if (g.seasonType !== expectedType) errors.push(`${label(g)}: week ${g.weekNumber} does not belong to season type ${g.seasonType}`);
    // Only a final needs both scores: a cancelled or postponed game may have none (called off before kickoff).
    if (g.gameStatus === 'COMPLETE' && (g.homeScore === null || g.awayScore === null)) errors.push(`${label(g)}: complete without both scores`);
    if (g.gameStatus === 'SCHEDULED' && (g.homeScore !== null || g.awayScore !== null)) errors.push(`${label(g)}: scheduled but has a score`);
    if ((g.homeScore ?? 0) < 0 || (g.awayScore ?? 0) < 0) errors.push(`${label(g)}: negative score`);
  }
  return check({
    severity: 'critical',
    okDetails: `${games.length} games have complete, consistent fields`,
    errors,
    failDetails: `${errors.length} data problem(s)`,
  });
}

/**
 * Only a complete game has a winner (the higher score; none on a tie). A game still to be played or
 * being played has none yet, and a cancelled or postponed one has none at all, whatever score it
 * had when play stopped (docs/game.md#final-games).
 */
function winnerLogic(games: StagingGame[]): CheckResult {
  const errors: string[] = [];
  for (const g of games) {
    if (g.gameStatus !== 'COMPLETE') {
      if (g.winnerTeamEspnId !== null) errors.push(`${label(g)}: has a winner but is ${g.gameStatus.toLowerCase().replace('_', ' ')}, not complete`);
      continue;
    }
    if (g.homeScore === null || g.awayScore === null) continue;
    const expected = g.homeScore > g.awayScore ? g.homeTeamEspnId : g.awayScore > g.homeScore ? g.awayTeamEspnId : null;
    if (g.winnerTeamEspnId !== expected) {
      errors.push(`${label(g)}: ${g.awayScore}-${g.homeScore} but the winner is ${g.winnerTeamEspnId ?? 'none'} (expected ${expected ?? 'none, a tie'})`);
    }
  }
  const complete = games.filter((g) => g.gameStatus === 'COMPLETE').length;
  return check({
    severity: 'critical',
    okDetails: `${complete} complete games have the right winner`,
    errors,
    failDetails: `${errors.length} winner problem(s)`,
  });
}

function odds(games: StagingGame[]): CheckResult {
  const errors: string[] = [];
  for (const g of games) {
    if (g.spread === null) {
      if (g.gameStatus === 'SCHEDULED' && g.oddsDetails !== null) errors.push(`${label(g)}: odds "${g.oddsDetails}" without a readable spread`);
      continue;
    }
    if (Math.abs(g.spread) > 30) errors.push(`${label(g)}: spread ${g.spread} is out of range`);
    if (Math.round(g.spread * 2) !== g.spread * 2) errors.push(`${label(g)}: spread ${g.spread} is not in half points`);
    const fav = /^([A-Za-z0-9]{2,4})\s+-/.exec(g.oddsDetails ?? '')?.[1]?.toUpperCase();
    if (fav && g.spread !== 0) {
      const homeFavoured = g.spread < 0;
      if ((fav === g.homeTeamAbbr) !== homeFavoured) errors.push(`${label(g)}: spread ${g.spread} disagrees with "${g.oddsDetails}"`);
    }
  }
  const scheduled = games.filter((g) => g.gameStatus === 'SCHEDULED');
  const withoutLine = scheduled.filter((g) => g.spread === null).length;
  const details = `${games.filter((g) => g.spread !== null).length} games with a spread${withoutLine ? `; ${withoutLine} scheduled game(s) have no line yet` : ''}`;
  return check({ severity: 'warning', okDetails: details, errors, failDetails: `${errors.length} odds problem(s)` });
}

export function validateStaging(teams: Team[], games: StagingGame[]): ValidationReport {
  const validationResults = {
    teamStructure: teamStructure(teams, games),
    regularSeasonStructure: regularSeason(games),
    preseasonStructure: preseason(games),
    postseasonStructure: postseason(games),
    dataIntegrity: dataIntegrity(games),
    winnerLogic: winnerLogic(games),
    oddsValidation: odds(games),
  };
  const results = Object.values(validationResults);
  const failed = results.filter((r) => !r.passed);
  const overallStatus: OverallStatus = failed.some((r) => r.severity === 'critical') ? 'FAILED' : failed.length ? 'WARNINGS' : 'PASSED';
  return {
    summary: { overallStatus, passed: results.length - failed.length, failed: failed.length, totalChecks: results.length },
    totalGames: games.length,
    validationResults,
  };
}
