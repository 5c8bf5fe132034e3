import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import { DAY_MS } from '../clock';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { ATTRIBUTE_TYPE } from '../../src/gateway/contract/audience/rules';
import type { TriggerConfig, WorkflowDocument } from '../../src/gateway/contract/workflow/document';
import { sweepJourneys } from './engine';
import { journeyTestBed, type JourneyTestBed } from './journey-test-bed';

// Date and API-event triggers (issue 14 item 1, docs/decisions.md "Journey triggers"): a contact enters on
// the day its date attribute names, or when an API event names it; once per journey; tenants stay apart.

const bed = journeyTestBed(['D', 'F']);
const at = { x: 0, y: 0 };

/** trigger → SMS → exit. */
const journey = (trigger: Partial<TriggerConfig>, tag: string): WorkflowDocument => ({
  nodes: [
    {
      id: 't',
      kind: 'trigger',
      position: at,
      config: { source: 'date', audienceId: '', attribute: '', event: '', ...trigger },
    },
    { id: 's', kind: 'sms', position: at, config: { templateId: `UT${tag}` } },
    { id: 'x', kind: 'exit', position: at, config: {} },
  ],
  edges: [
    { id: 'e1', source: 't', target: 's' },
    { id: 'e2', source: 's', target: 'x' },
  ],
});

const runsOf = (seqId: string) =>
  rowsOf<{ contactId: number }>(
    bed.server.deps.database.db,
    sql`SELECT r.contact_id::int AS "contactId" FROM workflow_runs r JOIN workflows w ON w.id = r.workflow_id
      WHERE w.seq_id = ${seqId} ORDER BY r.contact_id`,
  );

/** The server's day, `days` from now, as YYYY-MM-DD (the test accounts are on UTC). */
const dayFromNow = (days: number) =>
  new Date(bed.server.deps.clock.now().getTime() + days * DAY_MS).toISOString().slice(0, 10);

let phone = 0;
const contactWith = (tenant: JourneyTestBed['owner'], attributes: Record<string, string> = {}, email = '') =>
  tenant.api('CreateContact', {
    Phone: `+1 415 556 ${String(1000 + phone++).slice(-4)}`,
    Email: email,
    Attributes: attributes,
  });

describe('a date trigger', () => {
  it('lets a contact in on the day its date attribute names, not before, and not for a day before the start', async () => {
    const tag = bed.ownerTag;
    const { AttributeId } = await bed.owner.api('CreateContactAttribute', {
      Name: 'Renewal',
      Type: ATTRIBUTE_TYPE.Date,
    });
    const key = String(AttributeId);
    const today = await contactWith(bed.owner, { [key]: dayFromNow(0) });
    const tomorrow = await contactWith(bed.owner, { [key]: dayFromNow(1) });
    await contactWith(bed.owner, { [key]: dayFromNow(-3) });
    await contactWith(bed.owner);
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Renewal day',
      Document: journey({ attribute: 'renewal' }, tag),
    });
    await bed.owner.api('StartSEQ2Workflow', { SeqId: saved.SeqId });
    await bed.jobs.idle();
    expect(await runsOf(saved.SeqId)).toEqual([{ contactId: today.ContactId }]);
    await bed.advance(DAY_MS);
    await sweepJourneys(bed.server.deps);
    await bed.jobs.idle();
    expect(await runsOf(saved.SeqId)).toEqual([{ contactId: today.ContactId }, { contactId: tomorrow.ContactId }]);
    // the sweep again lets nobody in twice
    await sweepJourneys(bed.server.deps);
    expect(await runsOf(saved.SeqId)).toHaveLength(2);
  });

  it('refuses to start on an attribute that is not a date, at the trigger', async () => {
    await bed.owner.api('CreateContactAttribute', { Name: 'Plan', Type: ATTRIBUTE_TYPE.Text });
    const saved = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'Not a date',
      Document: journey({ attribute: 'Plan' }, bed.ownerTag),
    });
    const reply = await bed.owner.reply('StartSEQ2Workflow', { SeqId: saved.SeqId });
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(reply.Data).toMatchObject({
      Fields: [{ Field: 'Document', Key: 'validation:workflowRule.dateAttributeUnknown' }],
      NodeId: 't',
    });
  });

  it('is simulated as the contacts whose date is today or later', async () => {
    const { AttributeId } = await bed.owner.api('CreateContactAttribute', {
      Name: 'Trial_end',
      Type: ATTRIBUTE_TYPE.Date,
    });
    const key = String(AttributeId);
    await contactWith(bed.owner, { [key]: dayFromNow(0) });
    await contactWith(bed.owner, { [key]: dayFromNow(30) });
    await contactWith(bed.owner, { [key]: dayFromNow(-1) });
    const reply = await bed.owner.api('SimulateSEQ2Workflow', {
      Document: journey({ attribute: 'Trial_end' }, bed.ownerTag),
    });
    expect(reply.Entered).toBe(2);
  });
});

describe('an API-event trigger', () => {
  it('lets the named contact into each running journey of the event once; others stay out', async () => {
    const tag = bed.ownerTag;
    const buyer = await contactWith(bed.owner, {}, `buyer-${bed.owner.id}@example.com`);
    const list = await bed.owner.api('CreateContactList', { Name: `Event only ${bed.owner.id}` });
    const first = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'After purchase',
      Document: journey({ source: 'event', event: 'order.paid' }, tag),
    });
    const bounded = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'After purchase, listed only',
      Document: journey({ source: 'event', event: 'order.paid', audienceId: `L${list.ListId}` }, tag),
    });
    const elsewhere = await bed.owner.api('SaveSEQ2Workflow', {
      Name: 'After sign-up',
      Document: journey({ source: 'event', event: 'signed.up' }, tag),
    });
    for (const { SeqId } of [first, bounded, elsewhere]) await bed.owner.api('StartSEQ2Workflow', { SeqId });
    await bed.jobs.idle();
    expect(await runsOf(first.SeqId)).toEqual([]);

    const reply = await bed.owner.api('TriggerSEQ2Event', {
      Event: 'order.paid',
      Email: `BUYER-${bed.owner.id}@example.com`,
    });
    expect(reply).toEqual({ ContactId: buyer.ContactId, SeqIds: [first.SeqId] });
    await bed.jobs.idle();
    expect(await runsOf(first.SeqId)).toEqual([{ contactId: buyer.ContactId }]);
    expect(await runsOf(bounded.SeqId)).toEqual([]);
    expect(await runsOf(elsewhere.SeqId)).toEqual([]);
    // the same event again (a retry): nowhere new
    expect(await bed.owner.api('TriggerSEQ2Event', { Event: 'order.paid', ContactId: buyer.ContactId })).toEqual({
      ContactId: buyer.ContactId,
      SeqIds: [],
    });
    // once listed, the bounded journey lets it in too
    await bed.owner.api('AddContactsToList', { ListId: list.ListId, ContactIds: [buyer.ContactId] });
    expect(
      (await bed.owner.api('TriggerSEQ2Event', { Event: 'order.paid', ContactId: buyer.ContactId })).SeqIds,
    ).toEqual([bounded.SeqId]);
    // the sweep lets nobody into an event journey by itself
    await sweepJourneys(bed.server.deps);
    expect(await runsOf(first.SeqId)).toHaveLength(1);
  });

  it("names the contact by one field, and never reaches another account's contact or journey", async () => {
    const mine = await contactWith(bed.owner, {}, `mine-${bed.owner.id}@example.com`);
    const theirs = await bed.other.api('SaveSEQ2Workflow', {
      Name: 'Theirs',
      Document: journey({ source: 'event', event: 'order.paid' }, bed.otherTag),
    });
    await bed.other.api('StartSEQ2Workflow', { SeqId: theirs.SeqId });
    expect(
      (await bed.other.reply('TriggerSEQ2Event', { Event: 'order.paid', ContactId: mine.ContactId })).RetCode,
    ).toBe(RetCode.NotFound);
    expect(
      (await bed.owner.api('TriggerSEQ2Event', { Event: 'order.paid', ContactId: mine.ContactId })).SeqIds,
    ).not.toContain(theirs.SeqId);
    expect(await runsOf(theirs.SeqId)).toEqual([]);
    const both = await bed.owner.reply('TriggerSEQ2Event', {
      Event: 'order.paid',
      ContactId: mine.ContactId,
      Email: 'a@b.co',
    });
    expect(both.RetCode).toBe(RetCode.ValidationError);
    const badName = await bed.owner.reply('TriggerSEQ2Event', { Event: '1 bad name', ContactId: mine.ContactId });
    expect(badName.Data).toMatchObject({ Fields: [{ Field: 'Event' }] });
  });
});
