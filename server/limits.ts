import { createHash } from 'node:crypto';
import { RateLimiterDrizzle, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { BatchedLimiter, type Limiter } from './batched-limiter';
import type { Database } from './db/database';
import { rateLimits } from './db/schema';
import { ApiError } from './errors';
import { RetCode } from '../src/gateway/contract/retcodes';
import { PLAN_LIMITS } from '../src/gateway/contract/actions/mkt-plans';

// Rate limits kept in the database (rate-limiter-flexible's stores: Drizzle in rate_limits, and its own
// PostgreSQL store in api_rate_counters for the two counted on every request), so every api process of
// one PostgreSQL counts together; the embedded database keeps those two in memory (one process per data
// directory). Decided in docs/decisions.md ("Rate limits").

export interface LimitRule {
  /** requests (or guesses) allowed per window */
  points: number;
  /** the window, in seconds */
  duration: number;
}

export interface LimitRules {
  /** every /api request carrying a token or an access key, per token or key */
  apiPerToken: LimitRule;
  /** every /api request, per client address */
  apiPerAddress: LimitRule;
  /** wrong current passwords in ChangePassword, per account */
  passwordGuess: LimitRule;
  /** SendResetPasswordEmail / SendActivateEmail for an address without an account, per client address */
  unknownEmail: LimitRule;
  /** addresses SendMKTPlanExample mails, per account (PLAN_LIMITS.exampleAddressesPerDay a day) */
  planExample: LimitRule;
}

const perMinute = (env: string | undefined, fallback: number): LimitRule => ({
  points: Number(env) > 0 ? Number(env) : fallback,
  duration: 60,
});

export function limitRulesFromEnv(env: NodeJS.ProcessEnv = process.env): LimitRules {
  return {
    apiPerToken: perMinute(env.HERALD_RATE_LIMIT_PER_TOKEN, 1200),
    apiPerAddress: perMinute(env.HERALD_RATE_LIMIT_PER_ADDRESS, 6000),
    passwordGuess: { points: 5, duration: 15 * 60 },
    unknownEmail: { points: 10, duration: 15 * 60 },
    planExample: { points: PLAN_LIMITS.exampleAddressesPerDay, duration: 24 * 60 * 60 },
  };
}

/** How often an api process settles its per-request counts with PostgreSQL (server/batched-limiter.ts). */
const SETTLE_MS =
  Number(process.env.HERALD_RATE_LIMIT_SETTLE_MS) > 0 ? Number(process.env.HERALD_RATE_LIMIT_SETTLE_MS) : 100;

/** What the limits need of the server: its database and the configured rules. */
type LimitDeps = { database: Database; config: { rateLimits?: Partial<LimitRules> } };
type Limiters = Record<keyof LimitRules, Limiter>;
const byDatabase = new WeakMap<Database, Limiters>();

function limiters(deps: LimitDeps): Limiters {
  const database = deps.database;
  let found = byDatabase.get(database);
  if (!found) {
    const rules = { ...limitRulesFromEnv(), ...deps.config.rateLimits };
    const make = (keyPrefix: string, rule: LimitRule) =>
      new RateLimiterDrizzle({
        storeClient: database.db,
        schema: rateLimits,
        keyPrefix,
        points: rule.points,
        duration: rule.duration,
      });
    // Every /api request is counted twice. The embedded database has one process per data directory,
    // so those counts live in its memory (a commit per request would cost most of a request's time);
    // processes sharing a PostgreSQL count in it, through the library's PostgreSQL store (api_rate_counters,
    // on connections that wait for no WAL flush), settled every 100 ms rather than per request.
    const perRequest = (keyPrefix: string, rule: LimitRule) =>
      database.kind === 'pglite'
        ? new RateLimiterMemory({ keyPrefix, points: rule.points, duration: rule.duration })
        : new BatchedLimiter(
            new RateLimiterPostgres({
              storeClient: database.counters,
              storeType: 'pool',
              tableName: 'api_rate_counters',
              tableCreated: true,
              keyPrefix,
              points: rule.points,
              duration: rule.duration,
            }),
            SETTLE_MS,
          );
    found = {
      apiPerToken: perRequest('api-token', rules.apiPerToken),
      apiPerAddress: perRequest('api-ip', rules.apiPerAddress),
      passwordGuess: make('password-guess', rules.passwordGuess),
      unknownEmail: make('unknown-email', rules.unknownEmail),
      planExample: make('plan-example', rules.planExample),
    };
    byDatabase.set(database, found);
  }
  return found;
}

/** Hands the per-request counts still in memory to the shared store (PostgreSQL); before the database closes. */
export async function settleLimits(database: Database): Promise<void> {
  const found = byDatabase.get(database);
  if (!found) return;
  await Promise.all(Object.values(found).map((limiter) => limiter instanceof BatchedLimiter && limiter.close()));
}

/** A secret (a token) never goes into the table as it is. */
export const keyOf = (secret: string) => createHash('sha256').update(secret).digest('base64url').slice(0, 32);

/** Seconds until the window lets the key in again, or 0 when this request (of `points`) is within the limit. */
export async function consume(deps: LimitDeps, limit: keyof LimitRules, key: string, points = 1): Promise<number> {
  try {
    await limiters(deps)[limit].consume(key, points);
    return 0;
  } catch (outcome) {
    if (outcome instanceof RateLimiterRes) return Math.max(1, Math.ceil(outcome.msBeforeNext / 1000));
    throw outcome;
  }
}

/** Forgets a key's count (a right password ends the guessing). */
export async function forgive(deps: LimitDeps, limit: keyof LimitRules, key: string): Promise<void> {
  const limiter = limiters(deps)[limit];
  await limiter.delete(key).catch(() => undefined);
}

/** Seconds to wait when the key has used up its window, else 0 (counts nothing). */
export async function check(deps: LimitDeps, limit: keyof LimitRules, key: string): Promise<number> {
  const limiter = limiters(deps)[limit];
  const state = await limiter.get(key);
  if (!state || state.consumedPoints < limiter.points) return 0;
  return Math.max(1, Math.ceil(state.msBeforeNext / 1000));
}

/** What the key may still use in its window, and the seconds until the window starts again. */
export async function remaining(
  deps: LimitDeps,
  limit: keyof LimitRules,
  key: string,
): Promise<{ points: number; seconds: number }> {
  const limiter = limiters(deps)[limit];
  const state = await limiter.get(key);
  if (!state) return { points: limiter.points, seconds: 0 };
  return {
    points: Math.max(0, limiter.points - state.consumedPoints),
    seconds: Math.max(1, Math.ceil(state.msBeforeNext / 1000)),
  };
}

/** The gateway's refusal: RetCode 230029 with the seconds to wait (the HTTP layer adds Retry-After). */
export function rateLimited(seconds: number): ApiError {
  return new ApiError(RetCode.RateLimited, { seconds });
}
