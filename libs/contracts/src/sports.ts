/**
 * Sports data: teams, games, odds, venues, staging and migration (sports-data-staging), and its
 * events (`sports.<entity>.<verb>`). Filled by the sports data issue.
 */
export {};
