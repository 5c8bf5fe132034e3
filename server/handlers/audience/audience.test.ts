import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../testing/harness';
import { addRecord, audienceTenant, createAudienceTestServer, recordsTask } from '../../audience/testkit';
import { RetCode } from '../../../src/gateway/contract/retcodes';

let server: TestServer;
let owner: Awaited<ReturnType<typeof audienceTenant>>;
let other: Awaited<ReturnType<typeof audienceTenant>>;

beforeAll(async () => {
  server = await createAudienceTestServer();
  owner = await audienceTenant(server);
  other = await audienceTenant(server);
}, 120_000);
afterAll(async () => server?.close());

const fieldsOf = (data: unknown) => (data as { Fields: { Field: string; Key: string }[] }).Fields;

describe('contacts', () => {
  it('creates, finds, tags and deletes contacts, and GetCDPTags answers the tags', async () => {
    const { ContactId } = await owner.api('CreateContact', {
      Email: 'Ada@Example.com',
      Phone: '+1 415 555 0100',
      FirstName: 'Ada',
      Tags: ['vip'],
    });
    const second = await owner.api('CreateContact', { Phone: '+8613800138000', LastName: 'Li' });
    const found = await owner.api('ListContacts', { Search: 'ada' });
    expect(found.Contacts.map((c) => c.ContactId)).toEqual([ContactId]);
    expect(found.Contacts[0]).toMatchObject({ Email: 'ada@example.com', Phone: '14155550100' });
    await owner.api('TagContacts', { ContactIds: [ContactId, second.ContactId], Tags: ['spring'] });
    await owner.api('UntagContacts', { ContactIds: [ContactId], Tags: ['vip'] });
    expect((await owner.api('GetCDPTags', {})).Tags).toEqual(['spring']);
    expect((await owner.api('ListContacts', { Tag: 'spring', OrderBy: 'Phone', OrderType: 'asc' })).Total).toBe(2);
    expect((await owner.reply('CreateContact', { Email: 'ada@example.com' })).RetCode).toBe(RetCode.ContactExists);
    expect(await owner.api('DeleteContacts', { ContactIds: [second.ContactId] })).toEqual({ Deleted: 1 });
  });

  it('refuses a contact with no channel, a bad phone and too many at once, never with a 5xx', async () => {
    const none = await owner.reply('CreateContact', { FirstName: 'Nobody' });
    expect(none.RetCode).toBe(RetCode.ValidationError);
    expect(fieldsOf(none.Data)[0].Key).toBe('validation:contactChannelRequired');
    const phone = await server.api('CreateContact', { Phone: '0012' }, { token: owner.token, lang: 'zh' });
    expect(phone.status).toBe(200);
    expect(phone.Message).toContain('国际格式');
    const many = await owner.reply('AddContactsToList', {
      ListId: 1,
      ContactIds: Array.from({ length: 501 }, (_, i) => i + 1),
    });
    expect(fieldsOf(many.Data)[0].Key).toBe('validation:tooManyContacts');
  });

  it('checks attribute values against their type', async () => {
    const { AttributeId } = await owner.api('CreateContactAttribute', { Name: 'birthday', Type: 5 });
    const bad = await owner.reply('CreateContact', {
      Email: 'date@example.com',
      Attributes: { [AttributeId]: '27/01/2021' },
    });
    expect(fieldsOf(bad.Data)[0]).toEqual({ Field: `Attributes.${AttributeId}`, Key: 'validation:dateInvalid' });
    const good = await owner.api('CreateContact', {
      Email: 'date@example.com',
      Attributes: { [AttributeId]: '2021-01-27' },
    });
    const detail = await owner.api('GetContact', { ContactId: good.ContactId });
    expect(detail.Contact.Attributes).toEqual({ [AttributeId]: '2021-01-27' });
  });
});

describe("a contact's messages", () => {
  it("shows what every channel sent to the contact, newest first, and never another account's", async () => {
    const { ContactId } = await owner.api('CreateContact', { Email: 'Grace@Example.com', Phone: '+1 415 555 0142' });
    const phone = '14155550142';
    const email = 'grace@example.com';
    const at = (minutesAgo: number) => new Date(server.deps.clock.now().getTime() - minutesAgo * 60_000);
    const sent = [
      { channel: 'sms', content: 'Your order shipped', address: phone, minutesAgo: 40 },
      {
        channel: 'mms',
        content: JSON.stringify({ Subject: 'Spring party', Text: 'Join us' }),
        address: phone,
        minutesAgo: 30,
      },
      { channel: 'voice', content: JSON.stringify({ AudioId: 'AU1' }), address: phone, minutesAgo: 20 },
      { channel: 'email', content: JSON.stringify({ subject: 'Autumn offers' }), address: email, minutesAgo: 10 },
    ];
    for (const [seq, message] of sent.entries()) {
      const taskId = await recordsTask(server, owner.id, message.channel, message.content, 'Delivery call');
      await addRecord(server, { taskId, seq, address: message.address, state: 3, submitAt: at(message.minutesAgo) });
    }
    // the same phone and address in another account's records
    const foreign = await recordsTask(server, other.id, 'sms', 'Not yours');
    await addRecord(server, { taskId: foreign, seq: 0, address: phone, state: 3, submitAt: at(1) });

    const { Messages } = await owner.api('GetContact', { ContactId });
    expect(Messages.map((m) => [m.Channel, m.Content])).toEqual([
      ['email', 'Autumn offers'],
      ['voice', 'Delivery call'],
      ['mms', 'Spring party'],
      ['sms', 'Your order shipped'],
    ]);
  });
});

describe('attributes', () => {
  it('refuses a name starting with a digit and a category value with a semicolon', async () => {
    const digit = await owner.reply('CreateContactAttribute', { Name: '1st', Type: 2 });
    expect(fieldsOf(digit.Data)[0].Key).toBe('validation:attributeNameInvalid');
    const semicolon = await owner.reply('CreateContactAttribute', { Name: 'plan', Type: 4, Values: ['gold;'] });
    expect(fieldsOf(semicolon.Data)[0].Key).toBe('validation:categoryValueForbidden');
    await owner.api('CreateContactAttribute', { Name: 'plan', Type: 4, Values: ['gold', 'silver'] });
    expect((await owner.reply('CreateContactAttribute', { Name: 'PLAN', Type: 2 })).RetCode).toBe(
      RetCode.AttributeNameExists,
    );
  });
});

describe('lists', () => {
  it('keeps names unique, adds and removes members and counts them', async () => {
    const { ListId } = await owner.api('CreateContactList', { Name: 'Newsletter' });
    expect((await owner.reply('CreateContactList', { Name: 'newsletter' })).RetCode).toBe(RetCode.ListNameExists);
    const a = await owner.api('CreateContact', { Email: 'list-a@example.com' });
    const b = await owner.api('CreateContact', { Email: 'list-b@example.com' });
    expect(await owner.api('AddContactsToList', { ListId, ContactIds: [a.ContactId, b.ContactId] })).toEqual({
      Added: 2,
      ContactCount: 2,
    });
    expect(await owner.api('RemoveContactsFromList', { ListId, ContactIds: [a.ContactId] })).toEqual({
      Removed: 1,
      ContactCount: 1,
    });
    await owner.api('RenameContactList', { ListId, Name: 'Weekly' });
    expect((await owner.api('GetContactList', { ListId })).List).toMatchObject({ Name: 'Weekly', ContactCount: 1 });
    expect((await owner.api('GetContact', { ContactId: b.ContactId })).Lists).toEqual([{ ListId, Name: 'Weekly' }]);
  });
});

describe('tenant isolation', () => {
  it('never shows or changes another account’s contacts, lists, segments or imports', async () => {
    const contact = await owner.api('CreateContact', { Email: 'private@example.com', Tags: ['secret'] });
    const list = await owner.api('CreateContactList', { Name: 'Private' });
    const segment = await owner.api('CreateSegment', {
      Name: 'All',
      Rules: {
        Match: 'all',
        Groups: [{ Match: 'all', Conditions: [{ Source: 1, Field: 'email', Operator: 'hasAnyValue' }] }],
      },
    });
    const started = await owner.api('CreateContactImport', { FileName: 'a.csv', Targets: ['email'], TotalRows: 1 });
    expect((await other.api('ListContacts', {})).Total).toBe(0);
    expect((await other.api('GetCDPTags', {})).Tags).toEqual([]);
    expect((await other.api('ListContactLists', {})).Lists).toEqual([]);
    expect((await other.api('ListSegments', {})).Segments).toEqual([]);
    expect((await other.reply('GetContact', { ContactId: contact.ContactId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('GetContactList', { ListId: list.ListId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('GetSegment', { SegmentId: segment.SegmentId })).RetCode).toBe(RetCode.NotFound);
    expect((await other.reply('GetContactImport', { ImportId: started.ImportId })).RetCode).toBe(RetCode.NotFound);
    expect(await other.api('DeleteContacts', { ContactIds: [contact.ContactId] })).toEqual({ Deleted: 0 });
    expect(await other.api('TagContacts', { ContactIds: [contact.ContactId], Tags: ['x'] })).toEqual({ Updated: 0 });
    const mine = await other.api('CreateContactList', { Name: 'Mine' });
    expect(await other.api('AddContactsToList', { ListId: mine.ListId, ContactIds: [contact.ContactId] })).toEqual({
      Added: 0,
      ContactCount: 0,
    });
    const foreignList = await other.reply('CountSegment', {
      Rules: {
        Match: 'all',
        Groups: [{ Match: 'all', Conditions: [{ Source: 3, Operator: 'memberOf', ListId: list.ListId }] }],
      },
    });
    expect(fieldsOf(foreignList.Data)[0].Key).toBe('validation:listUnknown');
    const { Segment } = await owner.api('GetSegment', segment);
    expect(await other.api('CountSegment', { Rules: Segment.Rules })).toEqual({ Count: 0, Total: 0 });
  });
});

describe('segments', () => {
  it('refuses the WhatsApp source, which has no records yet, and counts e-mail records', async () => {
    const rules = (Source: 5 | 6) => ({
      Match: 'all' as const,
      Groups: [
        {
          Match: 'all' as const,
          Conditions: [{ Source, Operator: 'receivedInTheLast' as const, Amount: 7, Unit: 'day' as const }],
        },
      ],
    });
    const reply = await owner.reply('CountSegment', { Rules: rules(6) });
    expect(fieldsOf(reply.Data)[0].Key).toBe('validation:sourceNotAvailable');
    // the contact alone does not match: its e-mail record does
    await owner.api('CreateContact', { Email: 'reader@segments.example' });
    const before = (await owner.api('CountSegment', { Rules: rules(5) })).Count;
    const taskId = await recordsTask(server, owner.id, 'email', JSON.stringify({ subject: 'Hi' }));
    await addRecord(server, {
      taskId,
      seq: 0,
      address: 'reader@segments.example',
      state: 3,
      submitAt: server.deps.clock.now(),
    });
    expect((await owner.api('CountSegment', { Rules: rules(5) })).Count).toBe(before + 1);
  });
});

describe('import', () => {
  it('upserts by e-mail or phone, reports created, updated and skipped, and lists the row errors', async () => {
    const { AttributeId } = await owner.api('CreateContactAttribute', { Name: 'vip', Type: 3 });
    const { ListId } = await owner.api('CreateContactList', { Name: 'Imported' });
    await owner.api('CreateContact', { Email: 'known@example.com', FirstName: 'Old' });
    const targets = ['email', 'phone', 'firstName', `attribute:${AttributeId}`];
    const rows = [
      ['known@example.com', '', 'New', 'true'],
      ['fresh@example.com', '+14155550199', 'Fresh', 'false'],
      ['', '', 'Nobody', 'true'],
      ['bad-date@example.com', '', 'X', 'yes'],
      ['fresh2@example.com', '+14155550199', 'Clash', ''],
    ];
    const { ImportId } = await owner.api('CreateContactImport', {
      FileName: 'people.csv',
      Targets: targets,
      TotalRows: rows.length,
      ListId,
      Tags: ['imported'],
    });
    expect(await owner.api('AppendContactImportRows', { ImportId, FirstRow: 0, Rows: rows.slice(0, 3) })).toEqual({
      ReceivedRows: 3,
    });
    expect((await owner.reply('StartContactImport', { ImportId })).RetCode).toBe(RetCode.ImportRowsMissing);
    await owner.api('AppendContactImportRows', { ImportId, FirstRow: 0, Rows: rows.slice(0, 3) });
    await owner.api('AppendContactImportRows', { ImportId, FirstRow: 3, Rows: rows.slice(3) });
    await owner.api('StartContactImport', { ImportId });
    const { Import } = await owner.api('GetContactImport', { ImportId });
    expect(Import).toMatchObject({
      Status: 'done',
      TotalRows: 5,
      ProcessedRows: 5,
      Created: 1,
      Updated: 1,
      Skipped: 3,
    });
    const known = await owner.api('ListContacts', { Search: 'known@' });
    expect(known.Contacts[0]).toMatchObject({
      FirstName: 'New',
      Tags: ['imported'],
      Attributes: { [AttributeId]: true },
    });
    expect((await owner.api('GetContactList', { ListId })).List.ContactCount).toBe(2);
    const response = await server.raw(JSON.stringify({ Action: 'GetContactImportErrors', ImportId }), {
      authorization: `Bearer ${owner.token}`,
    });
    const csv = await response.text();
    expect(csv).toContain('Row,Column,Reason');
    expect(csv).toContain('4,,"A contact needs an e-mail');
    expect(csv).toContain('5,vip,Use true or false.');
    expect(csv).toContain('6,,The e-mail and the phone number belong to two different contacts.');
  });

  it('refuses a mapping that repeats an attribute or has no channel', async () => {
    const repeat = await owner.reply('CreateContactImport', {
      FileName: 'a.csv',
      Targets: ['email', 'email'],
      TotalRows: 1,
    });
    expect(fieldsOf(repeat.Data)[0].Key).toBe('validation:importMappingRepeats');
    const none = await owner.reply('CreateContactImport', { FileName: 'a.csv', Targets: ['firstName'], TotalRows: 1 });
    expect(fieldsOf(none.Data)[0].Key).toBe('validation:importNeedsChannel');
    const huge = await owner.reply('CreateContactImport', {
      FileName: 'a.csv',
      Targets: ['email'],
      TotalRows: 600_000,
    });
    expect(fieldsOf(huge.Data)[0].Key).toBe('validation:importTooManyRows');
  });
});
