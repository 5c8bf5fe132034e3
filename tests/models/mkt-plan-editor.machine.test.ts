import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { mktPlanEditorMachine } from '../../src/machines/mkt-plan-editor.machine';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { PlanData } from '../../src/gateway/contract/actions/mkt-plans';
import { MKT_PLAN_STATUS } from '../../src/gateway/contract/statuses';
import { testModel } from './harness';

const content = {
  Goal: 'Win shoe buyers',
  Audience: 'Shoppers',
  Steps: [{ Channel: 'sms' as const, Day: 0, Text: 'Spring sale' }],
};
const plan = (status: number): PlanData => ({
  PlanId: 'MP0000000000000001',
  Name: 'Spring',
  Aim: 1,
  Industry: 'Retail',
  ProductCategory: 'Shoes',
  Type: 'promotion',
  Tone: 'friendly',
  Channels: ['sms'],
  Status: status,
  Steps: 1,
  SeqId: '',
  StartTime: 0,
  Brief: 'Spring sale',
  Content: content,
  CreateTime: 1,
  UpdateTime: 1,
});
const refused = new GatewayError('SaveMKTPlan', RetCode.PlanNameExists, 'Plan or campaign name already in use');

const events = {
  'name.change': [{ value: 'Spring' }, { value: '' }],
  'text.change': [
    { field: 'industry', value: 'Retail' },
    { field: 'productCategory', value: 'Shoes' },
    { field: 'brief', value: 'Spring sale. Free shipping' },
  ],
  'aim.set': [{ aim: 2 }],
  'type.set': [{ value: 'launch' }],
  'tone.set': [{ value: 'playful' }],
  'channel.toggle': [{ channel: 'sms' }],
  'summary.change': [{ field: 'Goal', value: 'More buyers' }],
  'step.change': [{ index: 0, step: { Text: 'Changed' } }],
  'step.add': [{}],
  'step.remove': [{ index: 0 }],
  'generate.cancel': [{}],
  'xstate.done.actor.checkName': [{ output: { Available: false } }, { output: { Available: true } }],
  'xstate.error.actor.checkName': [{ error: new Error('offline') }],
  'xstate.done.actor.generateContent': [{ output: { Content: content, Usage: { Used: 1, Limit: 5 } } }],
  'xstate.error.actor.generateContent': [
    { error: new GatewayError('GenerateMKTPlanContent', RetCode.AiQuotaUsedUp, 'Used up') },
  ],
  'xstate.done.actor.saveDraft': [{ output: { PlanId: 'MP0000000000000002', Status: 1, SeqId: '' } }],
  'xstate.error.actor.saveDraft': [{ error: refused }],
  'xstate.done.actor.submitPlan': [{ output: { PlanId: 'MP0000000000000002', Status: 2, SeqId: '' } }],
  'xstate.error.actor.submitPlan': [{ error: refused }],
  'xstate.done.actor.applyPlan': [{ output: { PlanId: 'MP0000000000000002', Status: 3, SeqId: 'SQ0000000000000001' } }],
  'xstate.error.actor.applyPlan': [{ error: new GatewayError('ApplyMKTPlan', RetCode.IllegalTransition, 'No') }],
};
type Snapshot = SnapshotFrom<typeof mktPlanEditorMachine>;
const config = {
  machine: mktPlanEditorMachine,
  serializeState: (s: Snapshot) =>
    // what the guards read, counts capped: a second step or a second name changes no guard
    JSON.stringify([
      s.value,
      s.context.form.name.length > 0,
      s.context.form.industry.length > 0 && s.context.form.productCategory.length > 0,
      s.context.form.brief.length > 0,
      s.context.form.channels.length > 0,
      Math.min(s.context.form.content?.Steps.length ?? -1, 1),
      s.context.form.content?.Steps.every((step) => step.Text.length > 0) ?? false,
      s.context.nameTaken,
    ]),
  limit: 6_000,
  states: {
    submitting: (s: Snapshot) => expect(s.context.form.content?.Steps.length).toBeGreaterThan(0),
    applied: (s: Snapshot) => expect(s.context.seqId).toBe('SQ0000000000000001'),
    saved: (s: Snapshot) => expect(s.context.dirty).toBe(false),
  },
};

testModel(
  'mkt-plan-editor.machine, new plan',
  { ...config, input: () => ({ aim: 1 }), events },
  { requireAllStates: false },
);
testModel(
  'mkt-plan-editor.machine, edit a plan',
  {
    ...config,
    input: () => ({ planId: 'MP0000000000000001' }),
    events: {
      ...events,
      'xstate.done.actor.loadPlan': [
        { output: plan(MKT_PLAN_STATUS.Draft) },
        { output: plan(MKT_PLAN_STATUS.Applied) },
      ],
      'xstate.error.actor.loadPlan': [{ error: new GatewayError('GetMKTPlan', RetCode.NotFound, 'Not found') }],
      'load.retry': [{}],
    },
  },
  { requireAllStates: false },
);

describe('marketing plan form', () => {
  const wait = () => new Promise((resolve) => setTimeout(resolve, 0));

  it('loads a copy as a new plan without the name, and an applied plan as not editable', async () => {
    const copy = createActor(
      mktPlanEditorMachine.provide({ actors: { loadPlan: fromPromise(async () => plan(MKT_PLAN_STATUS.Applied)) } }),
      { input: { copyId: 'MP0000000000000001' } },
    ).start();
    await wait();
    expect(copy.getSnapshot().matches('editing')).toBe(true);
    expect(copy.getSnapshot().context).toMatchObject({ planId: null, dirty: false });
    expect(copy.getSnapshot().context.form).toMatchObject({ name: '', industry: 'Retail', content });
    const applied = createActor(
      mktPlanEditorMachine.provide({ actors: { loadPlan: fromPromise(async () => plan(MKT_PLAN_STATUS.Applied)) } }),
      { input: { planId: 'MP0000000000000001' } },
    ).start();
    await wait();
    expect(applied.getSnapshot().value).toBe('notEditable');
  });

  it('saves and applies only a plan with a free name, settings and a written step', async () => {
    const actor = createActor(
      mktPlanEditorMachine.provide({
        actors: {
          savePlan: fromPromise(async () => ({ PlanId: 'MP0000000000000003', Status: 2, SeqId: '' })),
          applyPlan: fromPromise(async () => ({ PlanId: 'MP0000000000000003', Status: 3, SeqId: 'SQ1234567890' })),
        },
      }),
      { input: {} },
    ).start();
    actor.send({ type: 'name.change', value: 'Spring' });
    actor.send({ type: 'text.change', field: 'industry', value: 'Retail' });
    actor.send({ type: 'text.change', field: 'productCategory', value: 'Shoes' });
    actor.send({ type: 'channel.toggle', channel: 'email' });
    expect(actor.getSnapshot().can({ type: 'plan.saveDraft' })).toBe(true);
    expect(actor.getSnapshot().can({ type: 'plan.apply' })).toBe(false);
    actor.send({ type: 'step.add' });
    expect(actor.getSnapshot().context.form.content?.Steps).toEqual([{ Channel: 'email', Day: 0, Text: '' }]);
    expect(actor.getSnapshot().can({ type: 'plan.apply' })).toBe(false);
    actor.send({ type: 'step.change', index: 0, step: { Text: 'Hello' } });
    expect(actor.getSnapshot().context.dirty).toBe(true);
    actor.send({ type: 'plan.apply' });
    await wait();
    await wait();
    expect(actor.getSnapshot().value).toBe('applied');
    expect(actor.getSnapshot().context).toMatchObject({
      planId: 'MP0000000000000003',
      seqId: 'SQ1234567890',
      dirty: false,
    });
  });
});
