import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { subscriptionMachine, type PlanData } from '../machines/subscription.machine';
import type { BuyRecord } from '../gateway/contract/actions/subscriptions';
import { routeAccess } from './route-access';

const record = (modules: BuyRecord['ModWhitelist'], endsInMs: number): BuyRecord => ({
  Id: 1,
  Status: endsInMs > 0 ? 1 : 2,
  SubscriptionNo: 'growth',
  CnName: '成长版',
  EnName: 'Growth',
  Free: false,
  Period: 1,
  PeriodUnit: 'month',
  CostAmount: 0,
  CreateTime: 0,
  EndTime: Math.floor((Date.now() + endsInMs) / 1000),
  ModWhitelist: modules,
  Quantity: [],
});

async function planSnapshot(plan: PlanData) {
  const actor = createActor(subscriptionMachine.provide({ actors: { loadPlan: fromPromise(async () => plan) } }), {
    input: {},
  }).start();
  await waitFor(actor, (s) => s.matches('ready'));
  return actor.getSnapshot();
}

const DAY = 86_400_000;
const analysisRoute = { module: 'Analysis' as const };

describe('route guards from the route table', () => {
  it('opens a module route only when the active plan has the module', async () => {
    const growth = await planSnapshot({
      records: [record([{ ProductMod: 'MarketingPlan' }, { ProductMod: 'Analysis' }], 20 * DAY)],
      packages: [],
    });
    expect(routeAccess(analysisRoute, [], growth)).toBe('allow');
    expect(routeAccess({ module: 'SocialMedia' }, [], growth)).toBe('needsPlan');
    // the calendar opens with either Marketing hub module
    expect(routeAccess({ module: 'Automation', orModule: 'MarketingPlan' }, [], growth)).toBe('allow');
    expect(routeAccess({ module: 'Automation', orModule: 'SocialMedia' }, [], growth)).toBe('needsPlan');
  });

  it('closes every module route when the plan expired or there is none', async () => {
    const expired = await planSnapshot({ records: [record([{ ProductMod: 'Analysis' }], -DAY)], packages: [] });
    expect(routeAccess(analysisRoute, [], expired)).toBe('needsPlan');
    const none = await planSnapshot({ records: [], packages: [] });
    expect(routeAccess(analysisRoute, [], none)).toBe('needsPlan');
    expect(routeAccess({}, [], none)).toBe('allow');
  });

  it('waits for the plan, and checks the permission key first', async () => {
    const loading = createActor(
      subscriptionMachine.provide({ actors: { loadPlan: fromPromise(() => new Promise<PlanData>(() => undefined)) } }),
      { input: {} },
    )
      .start()
      .getSnapshot();
    expect(routeAccess(analysisRoute, [], loading)).toBe('waitForPlan');
    expect(routeAccess({ permission: 'FlowInspector', module: 'Analysis' }, [], loading)).toBe('noPermission');
    expect(routeAccess({ permission: 'FlowInspector' }, ['FlowInspector'], loading)).toBe('allow');
  });
});
