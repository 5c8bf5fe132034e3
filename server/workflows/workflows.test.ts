import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../testing/harness';
import { audienceTenant } from '../audience/testkit';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { WORKFLOW_STATUS } from '../../src/gateway/contract/statuses';
import type { WorkflowDocument } from '../../src/gateway/contract/workflow/document';

let server: TestServer;
let owner: Awaited<ReturnType<typeof audienceTenant>>;
let other: Awaited<ReturnType<typeof audienceTenant>>;

beforeAll(async () => {
  server = await createTestServer();
  owner = await audienceTenant(server);
  other = await audienceTenant(server);
}, 120_000);
afterAll(async () => server?.close());

const at = { x: 0, y: 0 };
const journey: WorkflowDocument = {
  nodes: [
    { id: 'n1', kind: 'trigger', position: at, config: { source: 'list', audienceId: '7', attribute: '', event: '' } },
    { id: 'n2', kind: 'sms', position: at, config: { templateId: 'UT1' } },
    { id: 'n3', kind: 'delay', position: at, config: { amount: 1, unit: 'day' } },
    { id: 'n4', kind: 'email', position: at, config: { templateId: '' } },
  ],
  edges: [
    { id: 'e1', source: 'n1', target: 'n2' },
    { id: 'e2', source: 'n2', target: 'n3' },
    { id: 'e3', source: 'n3', target: 'n4' },
  ],
};
const fieldsOf = (data: unknown) => (data as { Fields: { Field: string; Key: string }[] }).Fields;

describe('workflow drafts', () => {
  it('creates a draft, saves it again, lists, gets and deletes it', async () => {
    const created = await owner.api('SaveSEQ2Workflow', { Name: 'Welcome 欢迎', Document: journey });
    expect(created.SeqId).toMatch(/^SQ[0-9A-Z]{16}$/);
    expect(created.Status).toBe(WORKFLOW_STATUS.Draft);
    // a draft may still lack things (the e-mail step has no template): readiness is for submit
    const longer = { ...journey, nodes: [...journey.nodes, { id: 'n5', kind: 'exit', position: at, config: {} }] };
    await owner.api('SaveSEQ2Workflow', {
      SeqId: created.SeqId,
      Name: 'Welcome',
      Document: { ...longer, edges: [...journey.edges, { id: 'e4', source: 'n4', target: 'n5' }] },
    } as never);
    const got = await owner.api('GetSEQ2Workflow', { SeqId: created.SeqId });
    expect(got).toMatchObject({ Name: 'Welcome', Channels: ['sms', 'email'], Steps: 4, Status: 0, Running: null });
    expect(got.Document.nodes.map((node) => node.id)).toEqual(['n1', 'n2', 'n3', 'n4', 'n5']);
    const list = await owner.api('ListSEQ2Workflow', { Keyword: 'welc' });
    expect(list.Workflows.map((w) => w.SeqId)).toEqual([created.SeqId]);
    await owner.api('DeleteSEQ2Workflow', { SeqIds: [created.SeqId] });
    expect((await owner.reply('GetSEQ2Workflow', { SeqId: created.SeqId })).RetCode).toBe(RetCode.NotFound);
    // the name is free again once the workflow is deleted
    await owner.api('SaveSEQ2Workflow', { Name: 'Welcome', Document: journey });
  });

  it('keeps names unique per account, whatever their case', async () => {
    await owner.api('SaveSEQ2Workflow', { Name: 'Win-back', Document: journey });
    const again = await owner.reply('SaveSEQ2Workflow', { Name: 'WIN-BACK', Document: journey });
    expect(again.RetCode).toBe(RetCode.WorkflowNameExists);
    const zh = await server.api(
      'SaveSEQ2Workflow',
      { Name: 'win-back', Document: journey },
      { token: owner.token, lang: 'zh' },
    );
    expect(zh.Message).toContain('同名工作流');
    // another account may use it
    await other.api('SaveSEQ2Workflow', { Name: 'Win-back', Document: journey });
  });

  it('refuses a save with a stale revision (another tab or a teammate saved since), in both languages', async () => {
    const created = await owner.api('SaveSEQ2Workflow', { Name: 'Two tabs 两个标签页', Document: journey });
    expect(created.Revision).toBe(1);
    const { Revision } = await owner.api('GetSEQ2Workflow', { SeqId: created.SeqId });
    expect(Revision).toBe(1);
    // tab A saves with the revision it loaded; tab B still has 1
    const tabA = await owner.api('SaveSEQ2Workflow', {
      SeqId: created.SeqId,
      Name: 'Two tabs A',
      Document: journey,
      Revision,
    });
    expect(tabA.Revision).toBe(2);
    const tabB = await owner.reply('SaveSEQ2Workflow', {
      SeqId: created.SeqId,
      Name: 'Two tabs B',
      Document: journey,
      Revision,
    });
    expect(tabB.RetCode).toBe(RetCode.WorkflowChangedElsewhere);
    expect(fieldsOf(tabB.Data)).toEqual([{ Field: 'Revision', Key: 'errors:WorkflowChangedElsewhere' }]);
    const zh = await server.api(
      'SaveSEQ2Workflow',
      { SeqId: created.SeqId, Name: 'Two tabs B', Document: journey, Revision },
      { token: owner.token, lang: 'zh' },
    );
    expect(zh.Message).toContain('其他标签页');
    // nothing of B was written; A's save stands
    expect(await owner.api('GetSEQ2Workflow', { SeqId: created.SeqId })).toMatchObject({
      Name: 'Two tabs A',
      Revision: 2,
    });
    // B chooses to save over it: no revision, so it overwrites
    const over = await owner.api('SaveSEQ2Workflow', { SeqId: created.SeqId, Name: 'Two tabs B', Document: journey });
    expect(over.Revision).toBe(3);
    // a revision is a positive whole number; another account's workflow is not found whatever the revision
    const withRevision = (Revision: number) => ({ SeqId: created.SeqId, Name: 'x', Document: journey, Revision });
    const bad = await owner.reply('SaveSEQ2Workflow', withRevision(0.5));
    expect(bad.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(bad.Data).map((f) => f.Field)).toEqual(['Revision']);
    expect((await other.reply('SaveSEQ2Workflow', withRevision(3))).RetCode).toBe(RetCode.NotFound);
  });

  it('refuses a document that breaks an invariant, naming the rule and the step', async () => {
    const twoTriggers = {
      ...journey,
      nodes: [...journey.nodes, { ...journey.nodes[0], id: 'n9' }],
    };
    const reply = await owner.reply('SaveSEQ2Workflow', { Name: 'Broken', Document: twoTriggers });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(reply.Data)).toEqual([{ Field: 'Document', Key: 'validation:workflowRule.tooManyTriggers' }]);
    expect((reply.Data as unknown as { NodeId: string }).NodeId).toBe('n9');
    const loop = {
      ...journey,
      edges: [...journey.edges.slice(0, 1), { id: 'e2', source: 'n2', target: 'n1' }],
    };
    const cycle = await owner.reply('SaveSEQ2Workflow', { Name: 'Loop', Document: loop });
    expect(fieldsOf(cycle.Data)[0].Key).toBe('validation:workflowRule.edgeInvalid');
    const window = await server.api(
      'SaveSEQ2Workflow',
      {
        Name: 'Window',
        Document: {
          nodes: [{ id: 'w', kind: 'window', position: at, config: { start: '18:00', end: '09:00' } }],
          edges: [],
        },
      },
      { token: owner.token, lang: 'zh' },
    );
    expect(window.status).toBe(200);
    expect(window.Message).toContain('开始时间不能晚于结束时间');
    const unknown = await owner.reply('SaveSEQ2Workflow', {
      Name: 'Extra',
      Document: { ...journey, extra: 1 },
    } as never);
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
  });

  it('never shows, saves over or deletes another account workflow', async () => {
    const { SeqId } = await owner.api('SaveSEQ2Workflow', { Name: 'Private', Document: journey });
    expect((await other.reply('GetSEQ2Workflow', { SeqId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('SaveSEQ2Workflow', { SeqId, Name: 'Taken', Document: journey })).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await other.reply('DeleteSEQ2Workflow', { SeqIds: [SeqId] })).RetCode).toBe(RetCode.NotFound);
    expect((await other.api('ListSEQ2Workflow', {})).Workflows.map((w) => w.SeqId)).not.toContain(SeqId);
    expect((await owner.api('GetSEQ2Workflow', { SeqId })).Name).toBe('Private');
  });
});
