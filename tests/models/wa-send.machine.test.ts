import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { toWaRequest, waSendMachine, validateWaSend } from '../../src/machines/wa-send.machine';
import type { SendContext, SendPreview, SendTemplate } from '../../src/machines/sms-send.machine';
import type { RecipientList } from '../../src/workers/sms-recipients';
import type { RecipientWorkerRequest } from '../../src/workers/sms-recipients.worker';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

// The WhatsApp wizard is the SMS wizard's statechart under its own id: its paths are generated here from
// waSendMachine itself, with the WhatsApp form rules (AddWhatsAppSendTask, a number chosen) deciding the guards.
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
  TemplateId: 'WT00000001',
  TemplateName: 'Spring',
  Content: 'Your order is ready for pickup today.',
  VariableCount: 0,
};
const preview: SendPreview = {
  Content: template.Content,
  Encoding: 'UCS2',
  Units: 1,
  Segments: 1,
  PerSegment: 1,
  VariableCount: 0,
  Price: 1500,
  EstimatedCost: 3000,
};
const accepted = {
  TaskId: 'TK00000009',
  SessionNo: 'S9',
  AccountId: 1,
  Status: 10,
  TotalCount: 2,
  InvalidCount: 0,
  DuplicateCount: 0,
  Segments: 1,
  EstimatedCost: 3000,
  SendTime: 0,
};
const fileList = {
  text: '14155550100',
  count: 1,
  columns: 1,
  invalid: 0,
  duplicates: 0,
  skippedHeader: false,
  sample: ['14155550100'],
};
const pasteList: RecipientList = { ...fileList, text: '14155550100\n14155550101', count: 2 };

const serializeState = (s: { value: unknown; context: SendContext }) =>
  JSON.stringify([
    s.value,
    Object.keys(validateWaSend(s.context)).length === 0,
    s.context.source,
    Boolean(s.context.template),
    Boolean(s.context.fileList),
    s.context.pasteChecking,
    Boolean(s.context.pasteList),
    s.context.audience !== null,
  ]);

testModel(
  'wa-send.machine',
  {
    machine: waSendMachine,
    input: () => ({ trial: false, countryCode: 'US', timeZone: 'UTC' }),
    events: {
      'field.change': [
        { field: 'taskName', value: 'Orders ready' },
        { field: 'senderId', value: '100000000000040' },
      ],
      'template.select': [{ template }],
      'source.set': [{ source: 'paste' }, { source: 'file' }, { source: 'segment' }],
      'audience.select': [{ audience: { id: 7, name: 'Spring', count: 3 } }],
      'paste.change': [{ text: '14155550100, 14155550101' }],
      'paste.checked': [{ seq: 1, list: pasteList }],
      'file.select': [{ file: { name: 'list.txt', size: 12 } }],
      'file.parsed': [{ list: fileList }],
      'xstate.done.actor.loadPreview': [{ output: preview }],
      'xstate.done.actor.submitTask': [{ output: accepted }],
      'xstate.error.actor.submitTask': [
        { error: new GatewayError('AddWhatsAppSendTask', RetCode.InsufficientBalance, 'Insufficient balance') },
      ],
    },
    skipEvents: ['tags.set', 'file.progress', 'file.failed', 'paste.progress', 'paste.failed'],
    serializeState,
    limit: 5_000,
    states: {
      submitting: (s: { context: SendContext }) => expect(validateWaSend(s.context)).toEqual({}),
      submitted: (s: { context: SendContext }) => expect(s.context.result?.TaskId).toBe('TK00000009'),
      failed: (s: { context: SendContext }) => expect(s.context.error).toBe('Insufficient balance'),
    },
  } as never,
  { requireAllStates: false },
);

describe('wa-send.machine rules', () => {
  it('is its own machine and asks for a number', () => {
    const actor = createActor(waSendMachine, { input: { trial: false, countryCode: 'US', template } }).start();
    expect(actor.getSnapshot().machine.id).toBe('waSend');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toMatchObject({
      taskName: 'validation:campaignNameRequired',
      senderId: 'validation:waNumberRequired',
    });
    const smsTemplate = createActor(waSendMachine, {
      input: { trial: false, countryCode: 'US', template: { ...template, TemplateId: 'UT00000001' } },
    }).start();
    smsTemplate.send({ type: 'form.submit' });
    expect(smsTemplate.getSnapshot().context.fieldErrors.template).toBeTruthy();
  });

  it('sends the sender as the number', () => {
    expect(
      toWaRequest({ TaskName: 'x', TemplateId: 'WT00000001', CountryCode: 'US', SenderId: '100000000000040' }),
    ).toEqual({
      TaskName: 'x',
      TemplateId: 'WT00000001',
      CountryCode: 'US',
      PhoneNumberId: '100000000000040',
    });
  });
});
