import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { getStateNodes } from 'xstate/graph';
import {
  currentRecipients,
  isDraftDirty,
  smsSendMachine,
  sendRequest,
  validateSend,
  type SendContext,
  type SendPreview,
  type SendTemplate,
} from '../../src/machines/sms-send.machine';
import type { RecipientList } from '../../src/workers/sms-recipients';
import type { RecipientWorkerRequest } from '../../src/workers/sms-recipients.worker';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { generatePaths, replayPath, testModel } from './harness';

// The parsers, counted: the worker (here run in Node) and the list builder's entry points. Guards,
// selectors and actor inputs must read the stored check and never call one (issue 22).
const parsers = vi.hoisted(() => ({ worker: 0, direct: 0 }));
vi.mock('../../src/workers/sms-recipients', async (importOriginal) => {
  const real = await importOriginal<typeof import('../../src/workers/sms-recipients')>();
  const counted =
    <A extends unknown[], R>(parse: (...args: A) => R) =>
    (...args: A) => {
      parsers.direct++;
      return parse(...args);
    };
  return {
    ...real,
    parsePastedList: counted(real.parsePastedList),
    parseRecipientBytes: counted(real.parseRecipientBytes),
    buildRecipientList: counted(real.buildRecipientList),
  };
});
vi.mock('../../src/workers/sms-recipients-worker-client', async () => {
  const { parsePastedList } = await vi.importActual<typeof import('../../src/workers/sms-recipients')>(
    '../../src/workers/sms-recipients',
  );
  return {
    parseRecipientsInWorker: async (request: RecipientWorkerRequest) => {
      parsers.worker++;
      if (!('text' in request.source)) throw new Error('files are not read in this test');
      return parsePastedList(request.source.text, request.check);
    },
  };
});

const plain: SendTemplate = {
  TemplateId: 'UT00000001',
  TemplateName: 'Sale',
  Content: 'Our spring sale starts today, see you there',
  VariableCount: 0,
};
const withVariables: SendTemplate = {
  TemplateId: 'UT00000002',
  TemplateName: 'Code',
  Content: 'Hello {{1}}, your code is {{2}} for today only',
  VariableCount: 2,
};
const preview: SendPreview = {
  Content: plain.Content,
  Encoding: 'GSM7',
  Units: 43,
  Segments: 1,
  PerSegment: 160,
  VariableCount: 0,
  Price: 500,
  EstimatedCost: 1000,
};
const accepted = {
  TaskId: 'TK00000001',
  SessionNo: 'S1',
  AccountId: 1,
  Status: 1,
  TotalCount: 2,
  InvalidCount: 0,
  DuplicateCount: 0,
  Segments: 1,
  EstimatedCost: 1000,
  SendTime: 0,
};
const fileList = {
  text: '14155550100\u001fAnn\u001f1234',
  count: 1,
  columns: 3,
  invalid: 0,
  duplicates: 0,
  skippedHeader: false,
  sample: ['14155550100'],
};
const pasteList: RecipientList = { ...fileList, text: '14155550100\n14155550101', count: 2, columns: 1 };

const events = {
  'field.change': [{ field: 'taskName', value: 'Spring sale' }],
  'template.select': [{ template: plain }, { template: withVariables }],
  'source.set': [{ source: 'paste' }, { source: 'file' }, { source: 'segment' }],
  'audience.select': [{ audience: { id: 7, name: 'Spring', count: 3 } }],
  // Variable 1 alone keeps the graph small; the rules test below covers a full mapping.
  'mapping.change': [{ variable: 1, attribute: 'firstName' }],
  'paste.change': [{ text: '14155550100, 14155550101' }],
  'paste.checked': [{ seq: 1, list: pasteList }],
  // plain objects: the model tells events apart by their JSON, and a File serializes to {}
  'file.select': [{ file: { name: 'list.txt', size: 12 } }, { file: { name: 'list.csv', size: 1 } }],
  'file.progress': [{ ratio: 0.5 }],
  'file.parsed': [{ list: fileList }],
  'file.failed': [{ code: 'fileParseFailed' }],
  'xstate.done.actor.loadPreview': [{ output: preview }],
  'xstate.done.actor.submitTask': [{ output: accepted }],
  'xstate.error.actor.submitTask': [
    { error: new GatewayError('AddUSMSSendTask', RetCode.InsufficientBalance, 'Insufficient balance') },
  ],
};

// The view-facing summary of the context that guards read: the graph stays finite and guards decide.
const serializeState = (s: { value: unknown; context: SendContext }) =>
  JSON.stringify([
    s.value,
    Object.keys(validateSend(s.context)).length === 0,
    s.context.source,
    s.context.template?.VariableCount ?? null,
    Boolean(s.context.fileList),
    s.context.pasteChecking,
    Boolean(s.context.pasteList),
    s.context.audience !== null,
  ]);

const config = {
  machine: smsSendMachine,
  input: () => ({ trial: false, countryCode: 'US', timeZone: 'UTC' }),
  events,
  skipEvents: ['tags.set'],
  serializeState,
  limit: 5_000,
  states: {
    submitting: (s: { context: SendContext }) => expect(validateSend(s.context)).toEqual({}),
    'preview.loading': (s: { context: SendContext }) => expect(s.context.fieldErrors).toEqual({}),
    submitted: (s: { context: SendContext }) => expect(s.context.result?.TaskId).toBe('TK00000001'),
    failed: (s: { context: SendContext }) => expect(s.context.error).toBe('Insufficient balance'),
  },
};

testModel('sms-send.machine', config as never, { requireAllStates: false });

testModel(
  'sms-send.machine, trial account',
  {
    machine: smsSendMachine,
    input: () => ({ trial: true }),
    states: { trialOnly: (s) => expect(s.status).toBe('done') },
  },
  { requireAllStates: false },
);

describe('sms-send.machine rules', () => {
  it('reaches every state but the trial one for an upgraded account', async () => {
    const paths = generatePaths(config as never);
    const reached = new Set(
      paths.flatMap((p) =>
        p.steps.flatMap((s) => (s.state as unknown as { _nodes: { id: string }[] })._nodes.map((n) => n.id)),
      ),
    );
    const all = getStateNodes(smsSendMachine.root)
      .map((n) => n.id)
      .filter((id) => !['smsSend.gate', 'sendValidating', 'smsSend.trialOnly'].includes(id));
    expect(all.filter((id) => !reached.has(id))).toEqual([]);
    await replayPath(config as never, paths[0]);
  });

  it('refuses a pasted list for a template with variables (manual import)', () => {
    const actor = createActor(smsSendMachine, {
      input: { trial: false, countryCode: 'US', template: withVariables },
    }).start();
    actor.send({ type: 'field.change', field: 'taskName', value: 'Codes' });
    actor.send({ type: 'paste.change', text: '14155550100' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().value).toEqual({ compose: 'editing' });
    expect(actor.getSnapshot().context.fieldErrors.recipients).toBe('sms:send.errors.manualImportRefused');
  });

  it('sends phones for a plain template and rows for one with variables', () => {
    const base = createActor(smsSendMachine, {
      input: { trial: false, countryCode: 'US', template: plain },
    }).getSnapshot().context;
    const phones = sendRequest({ ...base, pasteText: '14155550100,\n 14155550101 ', pasteList });
    expect(phones.Phones).toEqual(['14155550100', '14155550101']);
    const rows = sendRequest({ ...base, template: withVariables, source: 'file', fileList });
    expect(rows.Rows).toEqual([['14155550100', 'Ann', '1234']]);
    expect(rows.Phones).toBeUndefined();
  });

  it('sends to a segment or a list with the variable mapping, and asks for what is missing', () => {
    const base = createActor(smsSendMachine, {
      input: { trial: false, countryCode: 'US', template: withVariables },
    }).getSnapshot().context;
    const segment = { ...base, source: 'segment' as const, form: { ...base.form, taskName: 'Spring' } };
    expect(validateSend(segment)).toEqual({
      recipients: 'sms:send.errors.segmentRequired',
      variables: 'validation:variableMappingMissing',
    });
    const chosen = {
      ...segment,
      audience: { id: 7, name: 'Spring', count: 3 },
      mapping: { 1: { attribute: 'firstName', defaultValue: 'friend' }, 2: { attribute: '', defaultValue: 'A1' } },
    };
    expect(validateSend(chosen)).toEqual({});
    expect(sendRequest(chosen)).toMatchObject({
      SegmentId: 7,
      VariableMapping: [
        { Variable: 1, Attribute: 'firstName', DefaultValue: 'friend' },
        { Variable: 2, Attribute: '', DefaultValue: 'A1' },
      ],
    });
    const list = sendRequest({ ...chosen, source: 'list', template: plain });
    expect(list).toMatchObject({ ListId: 7 });
    expect(list.VariableMapping).toBeUndefined();
    expect(list.Phones).toBeUndefined();
    expect(isDraftDirty({ ...base, audience: chosen.audience })).toBe(true);
  });

  it('needs a schedule time when scheduled, and a sender ID of 3-11 letters or digits', () => {
    const base = createActor(smsSendMachine, {
      input: { trial: false, countryCode: 'US', template: plain },
    }).getSnapshot().context;
    const context = {
      ...base,
      pasteText: '14155550100',
      pasteList: { ...pasteList, text: '14155550100', count: 1 },
      form: { ...base.form, taskName: 'x', sendType: 'scheduled' as const, senderId: 'ab' },
    };
    const errors = validateSend(context);
    expect(errors.scheduledTime).toBeDefined();
    expect(errors.senderId).toBe('validation:senderIdInvalid');
    expect(errors.recipients).toBeUndefined();
  });

  it('submits the request the form describes and lands on submitted', async () => {
    let sent: unknown;
    const machine = smsSendMachine.provide({
      actors: {
        loadPreview: fromPromise(async () => preview),
        submitTask: fromPromise(async ({ input }) => {
          sent = input;
          return accepted;
        }),
      },
    });
    const actor = createActor(machine, { input: { trial: false, countryCode: 'US', template: plain } }).start();
    actor.send({ type: 'field.change', field: 'taskName', value: 'Spring sale' });
    actor.send({ type: 'paste.change', text: '14155550100' });
    await waitFor(actor, (s) => !s.context.pasteChecking);
    actor.send({ type: 'form.submit' });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toEqual({ preview: 'ready' });
    // one check before sending (issue 18 §22): its send button submits, no second dialog
    actor.send({ type: 'preview.confirm' });
    expect(actor.getSnapshot().value).toBe('submitting');
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().value).toBe('submitted');
    expect(sent).toMatchObject({
      TaskName: 'Spring sale',
      TemplateId: plain.TemplateId,
      CountryCode: 'US',
      Phones: ['14155550100'],
      SendType: 'immediate',
    });
  });

  it('checks a paste once per burst of edits, in the worker; guards, selectors and inputs never parse', async () => {
    const machine = smsSendMachine.provide({ actors: { loadPreview: fromPromise(async () => preview) } });
    const actor = createActor(machine, { input: { trial: false, countryCode: 'US', template: plain } }).start();
    parsers.worker = 0;
    parsers.direct = 0;
    const numbers = Array.from({ length: 100_000 }, (_, i) => `+1415${String(i).padStart(7, '0')}`).join('\n');
    actor.send({ type: 'field.change', field: 'taskName', value: 'Big list' });
    for (const text of ['1', '14', numbers.slice(0, 1000), numbers]) actor.send({ type: 'paste.change', text });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors.recipients).toBe('sms:send.errors.recipientsChecking');
    await waitFor(actor, (s) => !s.context.pasteChecking, { timeout: 20_000 });
    expect(parsers.worker).toBe(1);
    const before = { ...parsers };
    const snapshot = actor.getSnapshot();
    // the selectors of LivePreview and ReviewStep, the guard's rules, the preview's input
    for (let i = 0; i < 50; i++) {
      expect(currentRecipients(snapshot.context)?.count).toBe(100_000);
      expect(validateSend(snapshot.context)).toEqual({});
      expect(isDraftDirty(snapshot.context)).toBe(true);
    }
    actor.send({ type: 'field.change', field: 'senderId', value: 'Herald' });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ preview: 'ready' }));
    actor.send({ type: 'preview.back' });
    expect(actor.getSnapshot().context.pasteList?.count).toBe(100_000);
    expect(parsers).toEqual(before);
    // another country is another phone rule: counted again, once
    actor.send({ type: 'field.change', field: 'countryCode', value: 'GB' });
    await waitFor(actor, (s) => !s.context.pasteChecking, { timeout: 20_000 });
    expect(parsers.worker).toBe(2);
    expect(actor.getSnapshot().context.pasteList?.invalid).toBe(100_000);
  }, 30_000);

  it('restores a draft and counts its pasted list again; Back from the review returns to editing', async () => {
    const base = createActor(smsSendMachine, { input: { trial: false } }).getSnapshot().context;
    const draft = {
      form: { ...base.form, taskName: 'Kept', countryCode: 'US' },
      template: plain,
      source: 'paste' as const,
      pasteText: '14155550100\n14155550100\nabc',
    };
    const machine = smsSendMachine.provide({ actors: { loadPreview: fromPromise(async () => preview) } });
    const actor = createActor(machine, { input: { trial: false, draft } }).start();
    expect(actor.getSnapshot().context.form.taskName).toBe('Kept');
    await waitFor(actor, (s) => s.context.pasteList !== null);
    expect(actor.getSnapshot().context.pasteList).toMatchObject({ count: 3, invalid: 1, duplicates: 1 });
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches({ preview: 'ready' }));
    expect(actor.getSnapshot().can({ type: 'preview.back' })).toBe(true);
    actor.send({ type: 'preview.back' });
    expect(actor.getSnapshot().value).toEqual({ compose: 'editing' });
    expect(isDraftDirty(actor.getSnapshot().context)).toBe(true);
    expect(isDraftDirty(base)).toBe(false);
  });
});
