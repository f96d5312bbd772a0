/**
 * Pools, invitations and members: HTTP bodies and replies of pools-invitations, and its events
 * (`pools.<entity>.<verb>`). Filled by the pools issue.
 */
export {};
