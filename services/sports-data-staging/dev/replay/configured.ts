import type { SportsDataStagingConfig } from '../../src/config.js';
import { autoDateShiftDays, startEspnReplay, type EspnReplay } from './server.js';

export interface ConfiguredReplay extends EspnReplay {
  /**
   * The env that points sports-data-staging at this replay: its three URLs (the API hosts and the
   * image host, whose team logos are the replay's stand-ins), and ESPN_REPLAY=off
   * (the service itself serves nothing; it reads ESPN from these URLs).
   */
  serviceEnv: Readonly<Record<'ESPN_SITE_API_URL' | 'ESPN_CORE_API_URL' | 'ESPN_IMAGE_BASE_URL' | 'ESPN_REPLAY', string>>;
}

/**
 * Start the replay that sports-data-staging's parsed config asks for (ESPN_REPLAY,
 * ESPN_REPLAY_SHIFT_DAYS; ESPN_REPLAY_GAMEDAY, ESPN_REPLAY_GAMEDAY_MINUTES and
 * ESPN_REPLAY_GAMEDAY_KICKOFF_IN_MINUTES for game-day mode, whose whole-week shift replaces
 * ESPN_REPLAY_SHIFT_DAYS), or nothing (null) when it is off. Embedded mode and the cluster
 * launcher both call this, so they share one default and one parse.
 */
export async function startConfiguredReplay(config: Pick<SportsDataStagingConfig, 'espn'>): Promise<ConfiguredReplay | null> {
  const setting = config.espn.replay;
  if (!setting) return null;
  const gameDay = setting.gameDay ?? undefined;
  const requested = setting.dateShiftDays === 'auto' ? autoDateShiftDays() : setting.dateShiftDays;
  const replay = await startEspnReplay(gameDay ? { gameDay } : { dateShiftDays: requested });
  return Object.assign(replay, {
    serviceEnv: Object.freeze({
      ESPN_SITE_API_URL: replay.siteUrl,
      ESPN_CORE_API_URL: replay.coreUrl,
      ESPN_IMAGE_BASE_URL: replay.imageUrl,
      ESPN_REPLAY: 'off',
    }),
  });
}
