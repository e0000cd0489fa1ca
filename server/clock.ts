/**
 * The time, handed to what decides by it (scheduled publication, share
 * links, revisions) so tests can set it. Everything else may use Date.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };
