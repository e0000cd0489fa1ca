/**
 * The time, handed to every service and job that decides by it (scheduled
 * publication, links that expire, revisions, enquiries' due times, the
 * outbox, retention) so tests can set it. The one clock type of the server.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
