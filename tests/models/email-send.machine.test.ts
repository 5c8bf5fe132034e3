import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import {
  emailRequest,
  emailSendInput,
  emailSendMachine,
  emailSendTemplate,
  fillVariables,
  validateEmailSend,
} from '../../src/machines/email-send.machine';
import type { SendContext, SendPreview, SendTemplate } from '../../src/machines/sms-send.machine';
import type { RecipientList } from '../../src/workers/sms-recipients';
import type { RecipientWorkerRequest } from '../../src/workers/sms-recipients.worker';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

// The e-mail wizard is the SMS wizard's statechart under its own id, checking addresses: its paths
// are generated here from emailSendMachine itself, with AddEmailSendTask's rules deciding the guards.
vi.mock('../../src/workers/sms-recipients-worker-client', async () => {
  const { parsePastedList } = await vi.importActual<typeof import('../../src/workers/sms-recipients')>(
    '../../src/workers/sms-recipients',
  );
  return {
    parseRecipientsInWorker: async (request: RecipientWorkerRequest) => {
      if (!('text' in request.source)) throw new Error('files are not read in this test');
      return parsePastedList(request.source.text, request.check);
    },
  };
});

const template: SendTemplate = {
  TemplateId: 'ET00000001',
  TemplateName: 'Spring',
  Content: 'Spring sale',
  VariableCount: 0,
};
const preview: SendPreview = {
  Content: 'Spring sale',
  Encoding: 'UCS2',
  Units: 1,
  Segments: 1,
  PerSegment: 1,
  VariableCount: 0,
  Price: 10,
  EstimatedCost: 20,
};
const accepted = {
  TaskId: 'TK00000009',
  SessionNo: 'S9',
  AccountId: 1,
  Status: 10,
  TotalCount: 2,
  InvalidCount: 0,
  DuplicateCount: 0,
  SuppressedCount: 0,
  Segments: 1,
  EstimatedCost: 20,
  SendTime: 0,
};
const pasteList: RecipientList = {
  text: 'ann@example.com\nbob@example.com',
  count: 2,
  columns: 1,
  invalid: 0,
  duplicates: 0,
  skippedHeader: false,
  sample: ['ann@example.com', 'bob@example.com'],
};
const input = () => emailSendInput({ trial: false, timeZone: 'UTC' });

const serializeState = (s: { value: unknown; context: SendContext }) =>
  JSON.stringify([
    s.value,
    Object.keys(validateEmailSend(s.context)).length === 0,
    s.context.form.senderId !== '',
    Boolean(s.context.template),
    s.context.pasteChecking,
    Boolean(s.context.pasteList),
  ]);

testModel(
  'email-send.machine',
  {
    machine: emailSendMachine,
    input,
    events: {
      'field.change': [
        { field: 'taskName', value: 'Spring mail' },
        { field: 'senderId', value: 'ES00000001' },
      ],
      'template.select': [{ template }],
      'paste.change': [{ text: 'ann@example.com, bob@example.com' }],
      'paste.checked': [{ seq: 1, list: pasteList }],
      'xstate.done.actor.loadPreview': [{ output: preview }],
      'xstate.done.actor.submitTask': [{ output: accepted }],
      'xstate.error.actor.submitTask': [
        { error: new GatewayError('AddEmailSendTask', RetCode.InsufficientBalance, 'Insufficient balance') },
      ],
    },
    skipEvents: [
      'tags.set',
      'source.set',
      'file.select',
      'file.parsed',
      'file.progress',
      'file.failed',
      'paste.progress',
      'paste.failed',
    ],
    serializeState,
    limit: 5_000,
    states: {
      submitting: (s: { context: SendContext }) => expect(validateEmailSend(s.context)).toEqual({}),
      submitted: (s: { context: SendContext }) => expect(s.context.result?.TaskId).toBe('TK00000009'),
      failed: (s: { context: SendContext }) => expect(s.context.error).toBe('Insufficient balance'),
    },
  } as never,
  { requireAllStates: false },
);

describe('email-send.machine rules', () => {
  it('is its own machine: the e-mail id, a sender required, addresses checked', async () => {
    const actor = createActor(emailSendMachine, { input: { ...input(), template } }).start();
    expect(actor.getSnapshot().machine.id).toBe('emailSend');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      taskName: 'validation:campaignNameRequired',
      senderId: 'validation:emailSenderRequired',
      recipients: 'sms:send.errors.recipientsRequired',
    });
    actor.send({ type: 'paste.change', text: 'ann@example.com\nnot-an-address\nbob@example.com\n14155550100' });
    await vi.waitFor(() => expect(actor.getSnapshot().context.pasteList).not.toBeNull());
    const list = actor.getSnapshot().context.pasteList!;
    expect([list.count, list.invalid]).toEqual([4, 2]);
  });

  it('sends addresses, a sender and no country', () => {
    const request = emailRequest({
      TaskName: 'Spring',
      TemplateId: 'ET00000001',
      CountryCode: '',
      SenderId: 'ES00000001',
      Phones: ['ann@example.com'],
      IdempotencyKey: 'k',
    });
    expect(request).toEqual({
      TaskName: 'Spring',
      TemplateId: 'ET00000001',
      SenderId: 'ES00000001',
      Emails: ['ann@example.com'],
      IdempotencyKey: 'k',
    });
  });

  it('counts the merge tags the send does not fill as variables, and fills them in order', () => {
    const held = emailSendTemplate({
      TemplateId: 'ET00000001',
      TemplateName: 'Spring',
      Subject: 'Hi {{FirstName}}',
      MergeTags: ['FirstName', 'City', 'UnsubscribeUrl'],
    });
    expect(held.VariableCount).toBe(2);
    expect(fillVariables('Hi {{FirstName}} of {{City}} {{Email}}', ['FirstName', 'City'], ['Ann', 'Oslo'])).toBe(
      'Hi Ann of Oslo {{Email}}',
    );
  });
});
