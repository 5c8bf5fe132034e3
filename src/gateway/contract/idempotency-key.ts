/** A fresh IdempotencyKey for one attempt at a write that must not happen twice (payments, send tasks). */
export const newIdempotencyKey = (): string => globalThis.crypto.randomUUID();
