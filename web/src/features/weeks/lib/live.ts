/** While games are being played the published games reload this often (GAMES_IN_PROGRESS). */
export const LIVE_GAMES_REFETCH_SECONDS = 30;
export const LIVE_GAMES_REFETCH_MS = LIVE_GAMES_REFETCH_SECONDS * 1000;
