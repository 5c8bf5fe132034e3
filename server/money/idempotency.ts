import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { idempotencyRecords } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { UserContext } from '../context';

/** Stable JSON (sorted keys) of the request without its key: the same body always hashes the same. */
export function requestHash(action: string, input: Record<string, unknown>): string {
  const { IdempotencyKey: _key, ...body } = input;
  const canonical = (value: unknown): unknown =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
        )
      : Array.isArray(value)
        ? value.map(canonical)
        : value;
  return createHash('sha256')
    .update(`${action}\n${JSON.stringify(canonical(body))}`)
    .digest('hex');
}

/**
 * The first answer to a key this account already used for the same request (a retry), or null when
 * the key is new. Lets an Action answer a retry before re-running checks the first call changed
 * (limits, balance); the same key with another body or Action is IdempotencyConflict.
 */
export async function storedAnswer<T>(
  ctx: UserContext,
  action: string,
  input: Record<string, unknown> & { IdempotencyKey: string },
): Promise<T | null> {
  const [first] = await ctx.db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.userId, ctx.user.id), eq(idempotencyRecords.key, input.IdempotencyKey)));
  if (!first) return null;
  if (first.action !== action || first.requestHash !== requestHash(action, input) || !first.response)
    throw new ApiError(RetCode.IdempotencyConflict);
  return first.response as T;
}

/**
 * Runs a money-moving Action once per (user, IdempotencyKey), in one transaction with its record:
 * the first call claims the key (a concurrent twin waits on the key's row until the first commits),
 * a replay gets the first answer, and the same key with another body or Action is IdempotencyConflict.
 * A refused first call (e.g. InsufficientBalance) rolls its claim back, so a retry is judged afresh.
 */
export async function idempotent<T extends Record<string, unknown>>(
  ctx: UserContext,
  action: string,
  input: Record<string, unknown> & { IdempotencyKey: string },
  run: (tx: Db) => Promise<T>,
): Promise<T> {
  const hash = requestHash(action, input);
  const userId = ctx.user.id;
  return ctx.db.transaction(async (transaction) => {
    const tx = transaction as unknown as Db;
    const claimed = await tx
      .insert(idempotencyRecords)
      .values({
        userId,
        key: input.IdempotencyKey,
        action,
        requestHash: hash,
        response: null,
        createdAt: ctx.clock.now(),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key });
    if (claimed.length === 0) {
      const [first] = await tx
        .select()
        .from(idempotencyRecords)
        .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, input.IdempotencyKey)));
      if (!first || first.action !== action || first.requestHash !== hash || !first.response)
        throw new ApiError(RetCode.IdempotencyConflict);
      return first.response as T;
    }
    const response = await run(tx);
    await tx
      .update(idempotencyRecords)
      .set({ response })
      .where(and(eq(idempotencyRecords.userId, userId), eq(idempotencyRecords.key, input.IdempotencyKey)));
    return response;
  });
}

/**
 * An Action whose request may carry an IdempotencyKey (a retry after a dropped answer): a replay answers
 * the first reply before `run`'s checks read what the first call changed (a post already publishing);
 * a new key runs `run` in one transaction with the key's record (`idempotent`). Without a key, `run`
 * gets the database itself. The caller queues jobs after this returns, once the writes have committed.
 */
export async function replayOrRun<T extends Record<string, unknown>>(
  ctx: UserContext,
  action: string,
  input: Record<string, unknown> & { IdempotencyKey?: string },
  run: (db: Db) => Promise<T>,
): Promise<T> {
  const key = input.IdempotencyKey;
  if (!key) return run(ctx.db);
  const keyed = { ...input, IdempotencyKey: key };
  return (await storedAnswer<T>(ctx, action, keyed)) ?? idempotent(ctx, action, keyed, run);
}
