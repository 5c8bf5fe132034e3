import { describe, expect, it } from 'vitest';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { WorkflowDocument } from '../../src/gateway/contract/workflow/document';
import { putOnOwnPlan } from '../testing/own-plan';
import { journeyTestBed } from '../workflows/journey-test-bed';

// A plan's figures (GetPlainInsight, GetMKTPlanTask): none before applying; once its journey runs, the
// journey's figures and the send tasks its steps made, counted per channel; another account sees nothing.

const bed = journeyTestBed(['P', 'Q']);
const at = { x: 0, y: 0 };

describe('plan insight and tasks', () => {
  it('follows the journey an applied plan became, and the tasks it sent', async () => {
    for (const [index, tenant] of [bed.owner, bed.other].entries())
      await putOnOwnPlan(bed.server.deps, tenant.id, {
        key: `insight-${index}`,
        modules: ['MarketingPlan', 'Automation'],
      });
    const plan = await bed.owner.api('SaveMKTPlan', {
      Name: 'Insight',
      Aim: 1,
      Industry: 'Retail',
      ProductCategory: 'Shoes',
      Type: 'promotion',
      Tone: 'friendly',
      Channels: ['sms'],
      Content: { Goal: '', Audience: '', Steps: [{ Channel: 'sms', Day: 0, Text: 'Spring sale' }] },
      Submit: true,
    });
    const before = await bed.owner.api('GetPlainInsight', { PlanId: plan.PlanId });
    expect(before).toMatchObject({ SeqId: '', Workflow: null, Channels: [] });
    expect(await bed.owner.api('GetMKTPlanTask', { PlanId: plan.PlanId })).toEqual({ Total: 0, Tasks: [] });

    const { SeqId } = await bed.owner.api('ApplyMKTPlan', { PlanId: plan.PlanId });
    const { ListId } = await bed.owner.api('CreateContactList', { Name: 'Insight list' });
    const contacts = [];
    for (const phone of ['+1 415 557 0001', '+1 415 557 0002'])
      contacts.push((await bed.owner.api('CreateContact', { Phone: phone })).ContactId);
    await bed.owner.api('AddContactsToList', { ListId, ContactIds: contacts });
    // the user chooses the audience and the template on the canvas, then starts the journey
    const document: WorkflowDocument = {
      nodes: [
        {
          id: 't',
          kind: 'trigger',
          position: at,
          config: { source: 'list', audienceId: `L${ListId}`, attribute: '', event: '' },
        },
        { id: 's', kind: 'sms', position: at, config: { templateId: `UT${bed.ownerTag}` } },
        { id: 'x', kind: 'exit', position: at, config: {} },
      ],
      edges: [
        { id: 'e1', source: 't', target: 's' },
        { id: 'e2', source: 's', target: 'x' },
      ],
    };
    await bed.owner.api('SaveSEQ2Workflow', { SeqId, Name: 'Insight', Document: document });
    await bed.owner.api('StartSEQ2Workflow', { SeqId });
    await bed.jobs.idle();

    const insight = await bed.owner.api('GetPlainInsight', { PlanId: plan.PlanId });
    expect(insight.SeqId).toBe(SeqId);
    expect(insight.Workflow).toMatchObject({ SeqId, TotalUsers: 2 });
    expect(insight.Channels).toEqual([
      { Channel: 'sms', Messages: 2, Delivered: expect.any(Number), Failed: expect.any(Number) },
    ]);
    const tasks = await bed.owner.api('GetMKTPlanTask', { PlanId: plan.PlanId, Page: 1, NumPerPage: 1 });
    expect(tasks.Total).toBe(2);
    expect(tasks.Tasks).toHaveLength(1);
    expect(tasks.Tasks[0]).toMatchObject({ Channel: 'sms', AccountId: bed.owner.id, TotalCount: 1 });

    for (const action of ['GetPlainInsight', 'GetMKTPlanTask'] as const)
      expect((await bed.other.reply(action, { PlanId: plan.PlanId })).RetCode).toBe(RetCode.NotFound);
    // the workflow deleted, the plan has no journey to show
    await bed.owner.api('StopSEQ2Workflow', { SeqId });
    await bed.owner.api('DeleteSEQ2Workflow', { SeqIds: [SeqId] });
    expect((await bed.owner.api('GetPlainInsight', { PlanId: plan.PlanId })).Workflow).toBeNull();
  });
});
