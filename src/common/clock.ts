/**
 * The server's one source of the current time outside the database, injectable so that tests can move it
 * (expiry of waiting matches is driven by it, never by sleeping).
 */
export interface Clock {
  now(): Date;
}

export const CLOCK = Symbol('CLOCK');

export class SystemClock implements Clock {
  now(): Date {
    return new Date();
  }
}
