import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, lastMessageTo, typedApi, type TestServer } from '../testing/harness';
import { freshTenant } from '../handlers/uploads/test-helpers';
import { storeArrived } from './store';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { INBOX_PLATFORM } from '../../src/gateway/contract/inbox';

// Inbox assignment (docs/decisions.md "Inbox assignment"): the roster, assigning (with a mail to the
// teammate), the assignee filter, and another account seeing and touching none of it.

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(async () => {
  await server?.close();
});

async function tenantWithMessages(texts: string[]) {
  const account = await freshTenant(server);
  const client = typedApi(server, { token: account.token });
  const now = server.deps.clock.now();
  await storeArrived(
    server.deps.database.db,
    texts.map((text, i) => ({
      userId: account.id,
      platformType: INBOX_PLATFORM.Telegram,
      typeCode: 71,
      externalId: `team:${account.id}:${i}`,
      chatId: '-100',
      chatTitle: 'Sandbox group A',
      senderName: `Member ${i}`,
      text,
      receivedAt: new Date(now.getTime() - (texts.length - i) * 1000),
    })),
    now,
  );
  const { Messages } = await client.api('ListInboxMessage', {});
  return { ...client, messages: Messages };
}

const fieldOf = (data: unknown) => (data as { Fields: { Field: string; Key: string }[] }).Fields[0];

describe('the inbox roster', () => {
  it('adds teammates once per address (any case), lists them by name and removes them', async () => {
    const a = await tenantWithMessages([]);
    const zoe = await a.api('CreateInboxTeammate', { Name: 'Zoe', Email: 'zoe@example.com' });
    await a.api('CreateInboxTeammate', { Name: 'Adam', Email: 'adam@example.com' });
    const again = await a.reply('CreateInboxTeammate', { Name: 'Zoe 2', Email: 'ZOE@example.com' });
    expect(again.RetCode).toBe(RetCode.InboxTeammateExists);
    expect(fieldOf(again.Data)).toEqual({ Field: 'Email', Key: 'errors:InboxTeammateExists' });
    const bad = await a.reply('CreateInboxTeammate', { Name: '', Email: 'not-an-address' });
    expect(bad.RetCode).toBe(RetCode.ValidationError);
    const unknown = await a.reply('CreateInboxTeammate', { Name: 'X', Email: 'x@example.com', Role: 'admin' } as never);
    expect(unknown.RetCode).toBe(RetCode.ValidationError);
    expect((await a.api('ListInboxTeammate', {})).Teammates.map((t) => t.Name)).toEqual(['Adam', 'Zoe']);
    await a.api('DeleteInboxTeammate', { TeammateId: zoe.TeammateId });
    expect((await a.api('ListInboxTeammate', {})).Teammates.map((t) => t.Name)).toEqual(['Adam']);
  });

  it('holds at most 20 teammates, even when added at once', async () => {
    const a = await tenantWithMessages([]);
    const answers = await Promise.all(
      Array.from({ length: 22 }, (_, i) =>
        a.reply('CreateInboxTeammate', { Name: `T${i}`, Email: `t${i}@example.com` }),
      ),
    );
    expect(answers.filter((answer) => answer.RetCode === 0)).toHaveLength(20);
    expect(answers.filter((answer) => answer.RetCode === RetCode.InboxTeamFull)).toHaveLength(2);
  });
});

describe('assigning messages', () => {
  it('assigns, mails the teammate a link once, filters by assignee and unassigns', async () => {
    const a = await tenantWithMessages(['Where is my order?', 'Price of the blue one?', 'Thanks!']);
    const ben = await a.api('CreateInboxTeammate', { Name: 'Ben', Email: 'ben.team@example.com' });
    const [first, second] = a.messages;
    expect(first.Assignee).toBeNull();
    const assigned = await a.api('AssignInboxMessage', {
      MessageIds: [first.MessageId, second.MessageId],
      TeammateId: ben.TeammateId,
    });
    expect(assigned.Changed).toBe(2);
    const mail = await lastMessageTo(server, 'ben.team@example.com');
    expect(mail.subject).toMatch(/Assigned to you/);
    expect(mail.text).toContain(`/mkthub/inbox/detail/`);
    // assigning again to the same teammate changes (and mails) nothing
    expect(
      (await a.api('AssignInboxMessage', { MessageIds: [first.MessageId], TeammateId: ben.TeammateId })).Changed,
    ).toBe(0);

    const bens = await a.api('ListInboxMessage', { Assignee: ben.TeammateId });
    expect(bens.Messages.map((m) => m.Assignee?.Name)).toEqual(['Ben', 'Ben']);
    const unassigned = await a.api('ListInboxMessage', { Assignee: 'unassigned' });
    expect(unassigned.Messages.map((m) => m.Text)).toEqual(['Where is my order?']); // newest first: the other two are Ben's
    expect((await a.api('GetInboxMessage', { MessageId: first.MessageId })).Message.Assignee).toEqual({
      TeammateId: ben.TeammateId,
      Name: 'Ben',
    });

    await a.api('AssignInboxMessage', { MessageIds: [first.MessageId], TeammateId: null });
    expect((await a.api('ListInboxMessage', { Assignee: 'unassigned' })).Total).toBe(2);
    // removing the teammate leaves their messages unassigned
    await a.api('DeleteInboxTeammate', { TeammateId: ben.TeammateId });
    expect((await a.api('ListInboxMessage', { Assignee: 'unassigned' })).Total).toBe(3);
  });

  it('refuses a teammate no longer on the roster, naming the field', async () => {
    const a = await tenantWithMessages(['Hello']);
    const gone = await a.api('CreateInboxTeammate', { Name: 'Gone', Email: 'gone@example.com' });
    await a.api('DeleteInboxTeammate', { TeammateId: gone.TeammateId });
    const answer = await a.reply('AssignInboxMessage', {
      MessageIds: [a.messages[0].MessageId],
      TeammateId: gone.TeammateId,
    });
    expect(answer.RetCode).toBe(RetCode.InboxTeammateUnknown);
    expect(fieldOf(answer.Data).Field).toBe('TeammateId');
  });
});

describe('tenant isolation', () => {
  it('another account sees no teammate and can neither assign to one nor assign the messages', async () => {
    const a = await tenantWithMessages(['Mine']);
    const b = await tenantWithMessages(['Theirs']);
    const cara = await a.api('CreateInboxTeammate', { Name: 'Cara', Email: 'cara@example.com' });
    await a.api('AssignInboxMessage', { MessageIds: [a.messages[0].MessageId], TeammateId: cara.TeammateId });

    expect((await b.api('ListInboxTeammate', {})).Teammates).toEqual([]);
    // the same address is free in another account
    await b.api('CreateInboxTeammate', { Name: 'Cara', Email: 'cara@example.com' });
    expect((await b.api('ListInboxMessage', { Assignee: cara.TeammateId })).Total).toBe(0);
    const toForeign = await b.reply('AssignInboxMessage', {
      MessageIds: [b.messages[0].MessageId],
      TeammateId: cara.TeammateId,
    });
    expect(toForeign.RetCode).toBe(RetCode.InboxTeammateUnknown);
    const foreignMessage = await b.reply('AssignInboxMessage', {
      MessageIds: [a.messages[0].MessageId],
      TeammateId: null,
    });
    expect(foreignMessage.RetCode).toBe(RetCode.NotFound);
    expect((await b.reply('DeleteInboxTeammate', { TeammateId: cara.TeammateId })).RetCode).toBe(RetCode.NotFound);
    expect((await a.api('ListInboxMessage', { Assignee: cara.TeammateId })).Total).toBe(1);
  });
});
