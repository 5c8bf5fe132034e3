import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { vmsSendMachine, vmsSendTemplate, validateVmsSend } from '../../src/machines/vms-send.machine';
import {
  sendRequest,
  type SendContext,
  type SendPreview,
  type SendTemplate,
} from '../../src/machines/sms-send.machine';
import type { RecipientList } from '../../src/workers/sms-recipients';
import type { RecipientWorkerRequest } from '../../src/workers/sms-recipients.worker';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

// The voice wizard is the SMS wizard's statechart under its own id: its paths are generated here from
// vmsSendMachine itself, with the voice form rules (AddUVMSSendTask, a call period) deciding the guards.
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
  TemplateId: 'UV00000001',
  TemplateName: 'Spring',
  Content: 'Spring sale\nCome and see the new season today',
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
    Object.keys(validateVmsSend(s.context)).length === 0,
    s.context.source,
    Boolean(s.context.template),
    Boolean(s.context.fileList),
    s.context.pasteChecking,
    Boolean(s.context.pasteList),
    s.context.audience !== null,
  ]);

testModel(
  'vms-send.machine',
  {
    machine: vmsSendMachine,
    input: () => ({ trial: false, countryCode: 'US', timeZone: 'UTC', callPeriod: 'allDay' }),
    events: {
      'field.change': [
        { field: 'taskName', value: 'Reminder calls' },
        { field: 'callPeriod', value: 'daytime' },
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
        { error: new GatewayError('AddUVMSSendTask', RetCode.InsufficientBalance, 'Insufficient balance') },
      ],
    },
    skipEvents: ['tags.set', 'file.progress', 'file.failed', 'paste.progress', 'paste.failed'],
    serializeState,
    limit: 5_000,
    states: {
      submitting: (s: { context: SendContext }) => expect(validateVmsSend(s.context)).toEqual({}),
      submitted: (s: { context: SendContext }) => expect(s.context.result?.TaskId).toBe('TK00000009'),
      failed: (s: { context: SendContext }) => expect(s.context.error).toBe('Insufficient balance'),
    },
  } as never,
  { requireAllStates: false },
);

describe('vms-send.machine rules', () => {
  it('is its own machine: the voice id, voice template ids, and the call period in the request', () => {
    const actor = createActor(vmsSendMachine, {
      input: { trial: false, countryCode: 'US', template, callPeriod: 'allDay' },
    }).start();
    expect(actor.getSnapshot().machine.id).toBe('vmsSend');
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors).toEqual({
      taskName: 'validation:campaignNameRequired',
      recipients: 'sms:send.errors.recipientsRequired',
    });
    actor.send({ type: 'field.change', field: 'callPeriod', value: 'daytime' });
    expect(sendRequest(actor.getSnapshot().context)).toMatchObject({ CallPeriod: 'daytime' });
    const smsTemplate = createActor(vmsSendMachine, {
      input: { trial: false, countryCode: 'US', template: { ...template, TemplateId: 'UT00000001' } },
    }).start();
    smsTemplate.send({ type: 'form.submit' });
    expect(smsTemplate.getSnapshot().context.fieldErrors.template).toBeTruthy();
  });

  it('calls a segment or a list of the audience: its id in the request, no numbers', () => {
    const actor = createActor(vmsSendMachine, {
      input: { trial: false, countryCode: 'US', template, callPeriod: 'allDay' },
    }).start();
    actor.send({ type: 'field.change', field: 'taskName', value: 'Reminder calls' });
    actor.send({ type: 'source.set', source: 'segment' });
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.fieldErrors.recipients).toBe('sms:send.errors.segmentRequired');
    actor.send({ type: 'audience.select', audience: { id: 7, name: 'Spring', count: 3 } });
    const request = sendRequest(actor.getSnapshot().context);
    expect(request).toMatchObject({ SegmentId: 7, CallPeriod: 'allDay' });
    expect(request.Phones).toBeUndefined();
    expect(validateVmsSend(actor.getSnapshot().context)).toEqual({});
  });

  it('names the call period field when it is not one of the two', () => {
    const actor = createActor(vmsSendMachine, {
      input: { trial: false, countryCode: 'US', template, callPeriod: 'allDay' },
    }).start();
    actor.send({ type: 'field.change', field: 'callPeriod', value: 'night' });
    expect(validateVmsSend(actor.getSnapshot().context).callPeriod).toBe('validation:callPeriodInvalid');
  });

  it('holds a voice template as its voice file', () => {
    expect(
      vmsSendTemplate({
        Id: 1,
        TemplateId: 'UV00000001',
        TemplateName: 'Reminder',
        AudioId: 'VA1',
        AudioName: 'reminder.mp3',
        Duration: 4200,
        Remark: '',
        Status: 7,
        RejectReason: '',
        CreateTime: 0,
        UpdateTime: 0,
        ReviewTime: 0,
      }).Content,
    ).toBe('reminder.mp3');
  });
});
