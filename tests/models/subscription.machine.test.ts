import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  calendarDay,
  freePackage,
  planDaysLeft,
  planModules,
  subscriptionMachine,
  type PlanData,
} from '../../src/machines/subscription.machine';
import type { BuyRecord, PurchaseResult, SubscriptionPackage } from '../../src/gateway/contract/actions/subscriptions';
import { simulatedClock, testModel } from './harness';

const DAY = 86_400_000;
const HOUR = 3_600_000;
// The harness clock starts here; records are placed relative to it.
const START = simulatedClock().now();

const record = (endsInMs: number, options: Partial<BuyRecord> = {}): BuyRecord => ({
  Id: 1,
  Status: endsInMs > 0 ? 1 : 2,
  SubscriptionNo: 'starter',
  CnName: '入门版',
  EnName: 'Starter',
  Free: false,
  Period: 1,
  PeriodUnit: 'month',
  CostAmount: 290_000,
  CreateTime: Math.floor((START - 30 * DAY) / 1000),
  EndTime: Math.floor((START + endsInMs) / 1000),
  ModWhitelist: [{ ProductMod: 'MarketingPlan' }],
  Quantity: [],
  ...options,
});

const pkg = (free: boolean, buyable = true): SubscriptionPackage => ({
  SubscriptionNo: free ? 'free-trial' : 'starter',
  SortOrder: free ? 0 : 1,
  Free: free,
  CnName: free ? '免费试用' : '入门版',
  EnName: free ? 'Free trial' : 'Starter',
  Price: [{ Period: free ? 14 : 1, PeriodUnit: free ? 'day' : 'month', Price: free ? 0 : 290_000 }],
  ModWhitelist: [{ ProductMod: 'MarketingPlan' }],
  Quantity: [],
  Buyable: buyable,
});

const withFree = [pkg(true), pkg(false)];
const withoutFree = [pkg(false)];
const PLANS: Record<string, PlanData> = {
  noneWithFree: { records: [], packages: withFree },
  noneWithoutFree: { records: [], packages: withoutFree },
  active: { records: [record(20 * DAY)], packages: withFree },
  expiring: { records: [record(3 * DAY)], packages: withFree },
  underOneDay: { records: [record(12 * HOUR)], packages: withFree },
  expiredFree: {
    records: [record(-2 * DAY, { Free: true, SubscriptionNo: 'free-trial' })],
    packages: [pkg(true, false), pkg(false)],
  },
  expiredPaid: { records: [record(-2 * DAY)], packages: withFree },
};

/** Day-relative facts only, so days passing cannot make the graph infinite. */
const serializeState = (s: {
  value: unknown;
  context: { bannerClosedOn: string | null; welcomeShownOn: string | null; nowMs: number };
}) => {
  const today = calendarDay(s.context.nowMs);
  return JSON.stringify([s.value, s.context.bannerClosedOn === today, s.context.welcomeShownOn === today]);
};

const banner = (value: unknown) => (value as { ready: { banner: string } }).ready.banner;

for (const [name, plan] of Object.entries(PLANS)) {
  testModel(
    `subscription.machine, ${name}`,
    {
      machine: subscriptionMachine,
      input: (clock) => ({ now: () => clock.now() }),
      events: {
        'xstate.done.actor.loadPlan': [{ output: plan }],
        'xstate.done.actor.claimFreeTrial': [{ output: {} }],
        'module.open': [{ module: 'MarketingPlan' }, { module: 'SocialMedia' }],
      },
      // clock.tick is the machine's own (raised by its timer); the timer itself is explored
      skipEvents: ['clock.tick'],
      serializeState,
      limit: 400,
      states: {
        'ready.banner.info': (s) => expect(freePackage(s.context)).toBeDefined(),
        'ready.purchase.idle': (s) =>
          expect(s.can({ type: 'plan.claimFree' })).toBe(
            Boolean(freePackage(s.context)) && planDaysLeft(s.context) === 0,
          ),
        // shown today, or left open since an earlier day
        'ready.welcome.open': (s) => expect(s.context.welcomeShownOn! <= calendarDay(s.context.nowMs)).toBe(true),
        'ready.plan.active': (s) => expect(banner(s.value)).not.toBe('warning'),
        'ready.plan.expiring': (s) => expect(['warning', 'hidden']).toContain(banner(s.value)),
        'ready.plan.underOneDay': (s) => expect(['warning', 'hidden']).toContain(banner(s.value)),
        'ready.plan.expired': (s) => {
          expect(['error', 'hidden']).toContain(banner(s.value));
          expect(s.matches({ ready: { welcome: 'open' } })).toBe(false);
        },
      },
    },
    { requireAllStates: false },
  );
}

// Every state of the machine, over all the plans above.
describe('subscription.machine covers every state', () => {
  it('reaches each plan state and banner kind from some plan', async () => {
    const { generatePaths } = await import('./harness');
    const reached = new Set<string>();
    for (const plan of Object.values(PLANS)) {
      const paths = generatePaths({
        machine: subscriptionMachine,
        input: (clock) => ({ now: () => clock.now() }),
        events: {
          'xstate.done.actor.loadPlan': [{ output: plan }],
          'xstate.done.actor.claimFreeTrial': [{ output: {} }],
          'module.open': [{ module: 'MarketingPlan' }],
        },
        skipEvents: ['clock.tick'],
        serializeState,
        limit: 400,
      });
      for (const path of paths)
        for (const step of path.steps)
          for (const node of (step.state as unknown as { _nodes: { id: string }[] })._nodes) reached.add(node.id);
    }
    const expected = [
      'loading',
      'failed',
      'ready.plan.none',
      'ready.plan.active',
      'ready.plan.expiring',
      'ready.plan.underOneDay',
      'ready.plan.expired.free',
      'ready.plan.expired.paid',
      'ready.banner.hidden',
      'ready.banner.error',
      'ready.banner.info',
      'ready.banner.warning',
      'ready.welcome.hidden',
      'ready.welcome.open',
      'ready.purchase.idle',
      'ready.purchase.claiming',
      'ready.purchase.failed',
      'ready.clock.ticking',
    ].map((id) => `subscription.${id}`);
    expect(expected.filter((id) => !reached.has(id))).toEqual([]);
  });
});

/** A live actor on a SimulatedClock at a chosen local time, with the plan already loaded. */
function start(plan: PlanData, at: Date, stored: { bannerClosedOn?: string; welcomeShownOn?: string } = {}) {
  const clock = simulatedClock(at.getTime());
  const claims: string[] = [];
  const machine = subscriptionMachine.provide({
    actors: {
      loadPlan: fromPromise(async () => plan),
      claimFreeTrial: fromPromise(
        async ({
          input,
        }: {
          input: { subscriptionNo: string; unit: 'day' | 'month' | 'year'; key: string };
        }): Promise<PurchaseResult> => {
          claims.push(input.subscriptionNo);
          return {
            Record: record(14 * DAY, { Free: true, SubscriptionNo: input.subscriptionNo }),
            Amount: 0,
            BalanceAfter: 0,
          };
        },
      ),
    },
  });
  const actor = createActor(machine, { clock, input: { now: () => clock.now(), ...stored } });
  const emitted: { type: string; day?: string }[] = [];
  actor.on('*', (event) => emitted.push(event));
  actor.start();
  return { actor, clock, claims, emitted };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('subscription.machine, once a day', () => {
  // 23:00 local: one hour before midnight
  const lateEvening = new Date(2026, 10, 22, 23, 0, 0);
  const shifted = (plan: PlanData, endsInMs: number): PlanData => ({
    ...plan,
    records: [record(endsInMs + lateEvening.getTime() - START)],
  });

  it('a closed banner stays closed for the rest of the day and comes back after midnight', async () => {
    const { actor, clock, emitted } = start(shifted(PLANS.expiring, 3 * DAY), lateEvening);
    await settle();
    expect(actor.getSnapshot().matches({ ready: { plan: 'expiring', banner: 'warning' } })).toBe(true);
    actor.send({ type: 'banner.dismiss' });
    expect(emitted).toContainEqual({ type: 'banner.closed', day: '2026-11-22' });
    clock.increment(30 * 60_000);
    expect(actor.getSnapshot().matches({ ready: { banner: 'hidden' } })).toBe(true);
    clock.increment(30 * 60_000 + 1);
    expect(actor.getSnapshot().matches({ ready: { banner: 'warning' } })).toBe(true);
    actor.stop();
  });

  it('a banner closed on a stored earlier day shows; one closed today does not', async () => {
    const closedToday = start(PLANS.expiredPaid, new Date(START), { bannerClosedOn: calendarDay(START) });
    await settle();
    expect(closedToday.actor.getSnapshot().matches({ ready: { plan: { expired: 'paid' }, banner: 'hidden' } })).toBe(
      true,
    );
    const closedYesterday = start(PLANS.expiredPaid, new Date(START), { bannerClosedOn: calendarDay(START - DAY) });
    await settle();
    expect(closedYesterday.actor.getSnapshot().matches({ ready: { banner: 'error' } })).toBe(true);
  });

  it('the welcome dialog opens once per day and again the next day', async () => {
    const { actor, clock, emitted } = start(PLANS.noneWithFree, lateEvening);
    await settle();
    expect(actor.getSnapshot().matches({ ready: { welcome: 'open', banner: 'info', plan: 'none' } })).toBe(true);
    expect(emitted).toContainEqual({ type: 'welcome.shown', day: '2026-11-22' });
    actor.send({ type: 'welcome.close' });
    expect(actor.getSnapshot().matches({ ready: { welcome: 'hidden' } })).toBe(true);
    clock.increment(HOUR + 1);
    expect(actor.getSnapshot().matches({ ready: { welcome: 'open' } })).toBe(true);
    expect(emitted).toContainEqual({ type: 'welcome.shown', day: '2026-11-23' });
  });

  it('moves from expiring to under one day to expired as time passes', async () => {
    const { actor, clock } = start(PLANS.expiring, new Date(START));
    await settle();
    clock.increment(2 * DAY + HOUR);
    expect(actor.getSnapshot().matches({ ready: { plan: 'underOneDay', banner: 'warning' } })).toBe(true);
    clock.increment(DAY);
    expect(actor.getSnapshot().matches({ ready: { plan: { expired: 'paid' }, banner: 'error' } })).toBe(true);
    expect(planModules(actor.getSnapshot().context)).toEqual([]);
  });
});

describe('subscription.machine, free days', () => {
  it('the dialog and the info banner claim the free package when one exists', async () => {
    const { actor, claims, emitted } = start(PLANS.noneWithFree, new Date(START));
    await settle();
    expect(actor.getSnapshot().can({ type: 'plan.claimFree' })).toBe(true);
    actor.send({ type: 'plan.claimFree' });
    await settle();
    expect(claims).toEqual(['free-trial']);
    expect(emitted).toContainEqual({ type: 'plan.changed' });
  });

  it('the free-days button does nothing without a free package', async () => {
    const { actor, claims } = start(PLANS.noneWithoutFree, new Date(START));
    await settle();
    expect(actor.getSnapshot().matches({ ready: { welcome: 'open', banner: 'hidden', plan: 'none' } })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'plan.claimFree' })).toBe(false);
    actor.send({ type: 'plan.claimFree' });
    await settle();
    expect(claims).toEqual([]);
    expect(actor.getSnapshot().matches({ ready: { purchase: 'idle' } })).toBe(true);
  });

  it('gates modules by the active plan', async () => {
    const { actor } = start(PLANS.active, new Date(START));
    await settle();
    expect(actor.getSnapshot().can({ type: 'module.open', module: 'MarketingPlan' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'module.open', module: 'SocialMedia' })).toBe(false);
  });
});
