import { assign, emit, fromPromise, raise, setup } from 'xstate';
import { call } from '../gateway/client/call';
import { activeRecord } from '../gateway/contract/plan';
import { RECORD_STATUS } from '../gateway/contract/statuses';
import type {
  BuyRecord,
  ModuleName,
  PurchaseResult,
  SubscriptionPackage,
} from '../gateway/contract/actions/subscriptions';

// Spec 000 §4 "Subscription state" and "Banner and welcome dialog"; §9: warning at 5 days or fewer,
// banner and dialog at most once per calendar day.
const DAY_MS = 86_400_000;
export const WARNING_DAYS = 5;
/** A failed plan load is tried again after this long. */
export const RELOAD_AFTER_FAILURE_MS = 30_000;

export interface PlanData {
  /** newest first, as DescribeSubscriptionBuyRecord answers */
  records: BuyRecord[];
  packages: SubscriptionPackage[];
}

export interface SubscriptionContext extends PlanData {
  /** The machine's own time: set from now() at load, advanced by its timer (deterministic in tests). */
  nowMs: number;
  now: () => number;
  /** Local calendar day (YYYY-MM-DD) the banner was last closed / the welcome dialog last shown. */
  bannerClosedOn: string | null;
  welcomeShownOn: string | null;
  /** One key per free-trial claim, kept across retries so a retry cannot buy twice. */
  claimKey: string | null;
  error: unknown;
}

export interface SubscriptionInput {
  now?: () => number;
  bannerClosedOn?: string | null;
  welcomeShownOn?: string | null;
}

export type SubscriptionEvent =
  | { type: 'plan.refresh' }
  | { type: 'plan.claimFree' }
  | { type: 'banner.dismiss' }
  | { type: 'welcome.close' }
  | { type: 'module.open'; module: ModuleName }
  | { type: 'clock.tick' };

/** What the shell stores or refreshes when the machine says so. */
export type SubscriptionEmitted =
  | { type: 'banner.closed'; day: string }
  | { type: 'welcome.shown'; day: string }
  | { type: 'plan.changed' }
  /** The free trial was claimed: the console says so (issue 18 §11), the plan queries follow plan.changed. */
  | { type: 'trial.started'; days: number }
  | { type: 'module.opened'; module: ModuleName };

/** The local calendar day of a moment, YYYY-MM-DD. */
export function calendarDay(ms: number): string {
  const d = new Date(ms);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function nextMidnight(ms: number): number {
  const d = new Date(ms);
  return new Date(d.getFullYear(), d.getMonth(), d.getDate() + 1).getTime();
}

type PlanFacts = Pick<SubscriptionContext, 'records' | 'packages' | 'nowMs'>;

export const currentRecord = (c: PlanFacts) => activeRecord(c.records, c.nowMs);
const msLeft = (c: PlanFacts) => {
  const record = currentRecord(c);
  return record ? record.EndTime * 1000 - c.nowMs : 0;
};
const latestExpired = (c: PlanFacts) => c.records.find((record) => record.Status === RECORD_STATUS.Expired);
/** An expired record: one the gateway marks expired, or an active one whose end has passed since. */
const hasExpired = (c: PlanFacts) =>
  !currentRecord(c) &&
  c.records.some(
    (r) => r.Status === RECORD_STATUS.Expired || (r.Status === RECORD_STATUS.Active && r.EndTime * 1000 <= c.nowMs),
  );
const expiredWasFree = (c: PlanFacts) =>
  (latestExpired(c) ?? c.records.find((r) => r.Status === RECORD_STATUS.Active))?.Free ?? false;
export const freePackage = (c: Pick<PlanFacts, 'packages'>) => c.packages.find((pkg) => pkg.Free && pkg.Buyable);
const canClaimFree = (c: PlanFacts) => !currentRecord(c) && Boolean(freePackage(c));
const today = (c: PlanFacts) => calendarDay(c.nowMs);

/** Modules of the active plan's ModWhitelist (spec 000 §4 module gate). */
export function planModules(c: PlanFacts): ModuleName[] {
  return currentRecord(c)?.ModWhitelist.map((entry) => entry.ProductMod) ?? [];
}

/** Until the next moment a rule can change: local midnight, or 5 days / 1 day / 0 left. */
export function msUntilNextChange(c: PlanFacts): number {
  const record = currentRecord(c);
  const moments = [nextMidnight(c.nowMs)];
  if (record) {
    const end = record.EndTime * 1000;
    moments.push(end - WARNING_DAYS * DAY_MS, end - DAY_MS, end);
  }
  return Math.max(1, Math.min(...moments.filter((m) => m > c.nowMs)) - c.nowMs);
}

export const subscriptionMachine = setup({
  types: {
    context: {} as SubscriptionContext,
    events: {} as SubscriptionEvent,
    input: {} as SubscriptionInput,
    emitted: {} as SubscriptionEmitted,
  },
  actors: {
    loadPlan: fromPromise(async (): Promise<PlanData> => {
      const [records, packages] = await Promise.all([
        call('DescribeSubscriptionBuyRecord', { NumPerPage: 10, OrderBy: 'CreateTime', OrderType: 'desc' }),
        call('DescribeSubscriptionPackage', {}),
      ]);
      return { records: records.Records, packages: packages.Packages };
    }),
    claimFreeTrial: fromPromise(
      ({
        input,
      }: {
        input: { subscriptionNo: string; unit: 'day' | 'month' | 'year'; key: string };
      }): Promise<PurchaseResult> =>
        call('BuySubscriptionPackage', {
          SubscriptionNo: input.subscriptionNo,
          PeriodUnit: input.unit,
          IdempotencyKey: input.key,
        }),
    ),
  },
  guards: {
    isActive: ({ context }) => msLeft(context) > WARNING_DAYS * DAY_MS,
    isExpiring: ({ context }) => msLeft(context) >= DAY_MS && msLeft(context) <= WARNING_DAYS * DAY_MS,
    isUnderOneDay: ({ context }) => msLeft(context) > 0 && msLeft(context) < DAY_MS,
    isExpiredFree: ({ context }) => hasExpired(context) && expiredWasFree(context),
    isExpiredPaid: ({ context }) => hasExpired(context),
    bannerClosedToday: ({ context }) => context.bannerClosedOn === today(context),
    needsErrorBanner: ({ context }) => hasExpired(context),
    needsInfoBanner: ({ context }) => canClaimFree(context),
    needsWarningBanner: ({ context }) => msLeft(context) > 0 && msLeft(context) <= WARNING_DAYS * DAY_MS,
    needsWelcome: ({ context }) =>
      !currentRecord(context) && !hasExpired(context) && context.welcomeShownOn !== today(context),
    canClaimFree: ({ context }) => canClaimFree(context),
    planHasModule: ({ context, event }) => event.type === 'module.open' && planModules(context).includes(event.module),
  },
  actions: {
    storePlan: assign(({ context }, plan: PlanData) => ({
      ...plan,
      nowMs: Math.max(context.nowMs, context.now()),
      error: null,
    })),
    storeError: assign((_, params: { error: unknown }) => ({ error: params.error })),
    advanceClock: assign(({ context }) => ({
      nowMs: Math.max(context.nowMs + msUntilNextChange(context), context.now()),
    })),
    tick: raise({ type: 'clock.tick' }),
    closeBanner: assign(({ context }) => ({ bannerClosedOn: today(context) })),
    announceBannerClosed: emit(({ context }) => ({ type: 'banner.closed' as const, day: today(context) })),
    markWelcomeShown: assign(({ context }) => ({ welcomeShownOn: today(context) })),
    announceWelcomeShown: emit(({ context }) => ({ type: 'welcome.shown' as const, day: today(context) })),
    takeClaimKey: assign(({ context }) => ({ claimKey: context.claimKey ?? globalThis.crypto.randomUUID() })),
    clearClaimKey: assign({ claimKey: null }),
    announcePlanChanged: emit({ type: 'plan.changed' as const }),
    announceTrialStarted: emit(({ context }) => ({
      type: 'trial.started' as const,
      days: freePackage(context)?.Price[0]?.Period ?? 0,
    })),
    announceModuleOpened: emit(({ event }) => ({
      type: 'module.opened' as const,
      module: (event as { module: ModuleName }).module,
    })),
  },
  delays: {
    untilNextChange: ({ context }) => msUntilNextChange(context),
    reloadAfterFailure: RELOAD_AFTER_FAILURE_MS,
  },
}).createMachine({
  id: 'subscription',
  context: ({ input }) => {
    const now = input?.now ?? Date.now;
    return {
      records: [],
      packages: [],
      nowMs: now(),
      now,
      bannerClosedOn: input?.bannerClosedOn ?? null,
      welcomeShownOn: input?.welcomeShownOn ?? null,
      claimKey: null,
      error: null,
    };
  },
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        id: 'loadPlan',
        src: 'loadPlan',
        onDone: { target: 'ready', actions: { type: 'storePlan', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      after: { reloadAfterFailure: 'loading' },
      on: { 'plan.refresh': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'plan.refresh': 'loading',
        'module.open': { guard: 'planHasModule', actions: 'announceModuleOpened' },
      },
      states: {
        clock: {
          initial: 'ticking',
          states: {
            ticking: {
              after: { untilNextChange: { target: 'ticking', reenter: true, actions: ['advanceClock', 'tick'] } },
            },
          },
        },
        plan: {
          initial: 'deciding',
          on: { 'clock.tick': '.deciding' },
          states: {
            deciding: {
              always: [
                { guard: 'isActive', target: 'active' },
                { guard: 'isExpiring', target: 'expiring' },
                { guard: 'isUnderOneDay', target: 'underOneDay' },
                { guard: 'isExpiredFree', target: 'expired.free' },
                { guard: 'isExpiredPaid', target: 'expired.paid' },
                { target: 'none' },
              ],
            },
            none: {},
            active: {},
            expiring: {},
            underOneDay: {},
            expired: { initial: 'paid', states: { free: {}, paid: {} } },
          },
        },
        banner: {
          initial: 'deciding',
          on: { 'clock.tick': '.deciding' },
          states: {
            deciding: {
              always: [
                { guard: 'bannerClosedToday', target: 'hidden' },
                { guard: 'needsErrorBanner', target: 'error' },
                { guard: 'needsInfoBanner', target: 'info' },
                { guard: 'needsWarningBanner', target: 'warning' },
                { target: 'hidden' },
              ],
            },
            hidden: {},
            error: { on: { 'banner.dismiss': { target: 'hidden', actions: ['closeBanner', 'announceBannerClosed'] } } },
            info: { on: { 'banner.dismiss': { target: 'hidden', actions: ['closeBanner', 'announceBannerClosed'] } } },
            warning: {
              on: { 'banner.dismiss': { target: 'hidden', actions: ['closeBanner', 'announceBannerClosed'] } },
            },
          },
        },
        welcome: {
          initial: 'deciding',
          states: {
            deciding: { always: [{ guard: 'needsWelcome', target: 'open' }, { target: 'hidden' }] },
            hidden: { on: { 'clock.tick': 'deciding' } },
            // Spec 000 §4: only its own buttons close it, never a click on the backdrop.
            open: {
              entry: ['markWelcomeShown', 'announceWelcomeShown'],
              on: { 'welcome.close': 'hidden' },
            },
          },
        },
        purchase: {
          initial: 'idle',
          states: {
            idle: { on: { 'plan.claimFree': { guard: 'canClaimFree', target: 'claiming' } } },
            claiming: {
              entry: 'takeClaimKey',
              invoke: {
                id: 'claimFreeTrial',
                src: 'claimFreeTrial',
                input: ({ context }) => {
                  const pkg = freePackage(context);
                  return {
                    subscriptionNo: pkg?.SubscriptionNo ?? '',
                    unit: pkg?.Price[0]?.PeriodUnit ?? 'day',
                    key: context.claimKey ?? '',
                  };
                },
                onDone: {
                  target: '#subscription.loading',
                  actions: ['clearClaimKey', 'announceTrialStarted', 'announcePlanChanged'],
                },
                onError: {
                  target: 'failed',
                  actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
                },
              },
            },
            failed: { on: { 'plan.claimFree': { guard: 'canClaimFree', target: 'claiming' } } },
          },
        },
      },
    },
  },
});

export type SubscriptionSnapshot = ReturnType<typeof subscriptionMachine.transition>;

/** Days left in the active plan, rounded up (docs/decisions.md: 3.2 days shows 4, under a day 1). */
export function planDaysLeft(c: PlanFacts): number {
  const left = msLeft(c);
  return left > 0 ? Math.ceil(left / DAY_MS) : 0;
}
