/**
 * A provider of temporary numbers for SMS activation. Each protocol is one adapter file
 * (handler-api.ts is the first); the worker and the console only see this interface.
 */
export type NumberGrant = { id: string; phone: string };

export type NumberState = { kind: 'wait' } | { kind: 'code'; code: string } | { kind: 'cancelled' };

export type PriceEntry = { service: string; country: string; cost: number; count: number };

export interface NumbersSupplier {
  /** Rents a number for one service in one country. Not idempotent: see NumbersError 'unknown'. */
  getNumber(service: string, country: string): Promise<NumberGrant>;
  getStatus(id: string): Promise<NumberState>;
  /** Tells the provider the SMS was sent to the number (some providers wait for it). */
  setReady(id: string): Promise<void>;
  /** The app needs a second SMS on the same number. */
  requestAnother(id: string): Promise<void>;
  /** The activation is used up: the provider may close it. */
  finish(id: string): Promise<void>;
  /** Gives the number back unused; no charge upstream. */
  cancel(id: string): Promise<void>;
  /** Our balance at the provider, in micros of its currency. */
  balance(): Promise<number>;
  prices(): Promise<PriceEntry[]>;
  /** Ids of our activations the provider still holds open (to find an orphan after a crash). */
  activeIds(): Promise<string[]>;
}

/**
 * Provider trouble, with the Arabic text the operator reads. `retry`: trying later may work
 * (network refused, 5xx, early-cancel denied). `refused`: the provider said no to this request
 * (no numbers, no balance, bad key). `unknown`: the request may have reached the provider and its
 * answer was lost (timeout, dropped connection) — for getNumber, a number may exist upstream.
 */
export class NumbersError extends Error {
  constructor(
    readonly kind: 'retry' | 'refused' | 'unknown',
    message: string,
  ) {
    super(message);
  }
}
