import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { contactImportMachine, type ContactImportContext } from '../../src/machines/contact-import.machine';
import { ContactFileProblem } from '../../src/workers/contact-import';
import type { ImportSummary } from '../../src/gateway/contract/actions/audience-imports';
import { GatewayError } from '../../src/gateway/client/call';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { testModel } from './harness';

// Plain objects: paths are told apart by their events' JSON, and a File's JSON is always {}.
const csv = { name: 'people.csv', size: 40 } as File;
const pdf = { name: 'people.pdf', size: 4 } as File;
const parsed = { header: ['email', 'first name'], sample: [['ada@example.com', 'Ada']], rowCount: 2, columns: 2 };
const noChannel = { header: ['name'], sample: [['Ada']], rowCount: 2, columns: 1 };
const summary = (Status: ImportSummary['Status']): ImportSummary => ({
  ImportId: 'IMabcdefgh12',
  FileName: 'people.csv',
  Status,
  TotalRows: 1,
  ReceivedRows: 1,
  ProcessedRows: Status === 'importing' ? 0 : 1,
  Created: Status === 'done' ? 1 : 0,
  Updated: 0,
  Skipped: 0,
  Reason: Status === 'failed' ? 'audience:import.failedReason' : '',
  CreateTime: 0,
});
const refused = new GatewayError('AppendContactImportRows', RetCode.SystemBusy, 'System busy');

testModel('contact-import.machine', {
  machine: contactImportMachine,
  input: () => ({}),
  events: {
    'file.choose': [{ file: csv }, { file: pdf }],
    'xstate.done.actor.parseFile': [{ output: parsed }, { output: noChannel }],
    'xstate.error.actor.parseFile': [{ error: new ContactFileProblem('fileTooManyRows') }],
    'mapping.set': [{ column: 1, target: 'firstName' }],
    'list.choose': [{ listId: 3 }],
    'tags.set': [{ tags: ['imported'] }],
    'xstate.done.actor.validateRows': [
      { output: { valid: 1, invalid: 0, problems: [] } },
      { output: { valid: 0, invalid: 1, problems: [{ row: 2, target: 'email', key: 'validation:emailInvalid' }] } },
    ],
    'xstate.error.actor.validateRows': [{ error: new ContactFileProblem('fileParseFailed') }],
    'upload.progress': [{ sentRows: 1 }],
    'upload.done': [{ importId: 'IMabcdefgh12' }],
    'upload.failed': [{ error: refused }],
    'import.progress': [{ summary: summary('importing') }],
    'import.finished': [{ summary: summary('done') }, { summary: summary('failed') }],
    'import.lost': [{ error: refused }],
  },
  serializeState: (s: { value: unknown; context: ContactImportContext }) =>
    JSON.stringify([
      s.value,
      s.context.fileError,
      s.context.parsed?.columns,
      s.context.targets,
      s.context.headerRow,
      s.context.validation?.valid,
      s.context.summary?.Status,
      Boolean(s.context.error),
    ]),
  states: {
    mapping: (s) => expect(s.context.parsed).not.toBeNull(),
    reviewing: (s) => expect(s.context.validation).not.toBeNull(),
    done: (s) => expect(s.context.summary?.Status).toBe('done'),
  },
});

describe('contact import', () => {
  it('refuses a file of another type before reading it', () => {
    const actor = createActor(contactImportMachine, { input: {} }).start();
    actor.send({ type: 'file.choose', file: pdf });
    expect(actor.getSnapshot().value).toBe('choosing');
    expect(actor.getSnapshot().context.fileError).toBe('fileType');
  });

  it('guesses the mapping from the header and will not go on without an e-mail, phone or WhatsApp column', async () => {
    const result = parsed;
    const machine = contactImportMachine.provide({ actors: { parseFile: fromPromise(async () => result) } });
    const actor = createActor(machine, { input: {} }).start();
    actor.send({ type: 'file.choose', file: csv });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(actor.getSnapshot().context.targets).toEqual(['email', 'firstName']);
    expect(actor.getSnapshot().context.headerRow).toBe(true);
    actor.send({ type: 'mapping.set', column: 0, target: '' });
    expect(actor.getSnapshot().can({ type: 'mapping.confirm' })).toBe(false);
    actor.send({ type: 'mapping.set', column: 0, target: 'email' });
    actor.send({ type: 'mapping.set', column: 1, target: 'email' });
    expect(actor.getSnapshot().can({ type: 'mapping.confirm' })).toBe(false);
  });
});
