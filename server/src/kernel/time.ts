/** Timestamps are ISO-8601 text on both engines (sortable, identical runtime type). */
export function now(): string {
  return new Date().toISOString();
}

/** A time in ms since the epoch as the stored text. */
export function isoAt(ms: number): string {
  return new Date(ms).toISOString();
}

export function inFuture(ms: number): string {
  return new Date(Date.now() + ms).toISOString();
}
