import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, lastMessageTo, type TestServer } from '../../testing/harness';
import { RetCode } from '../../../src/gateway/contract/retcodes';
import { freshTenant, uploadPicture } from '../uploads/test-helpers';
import { SUPPORT_EMAIL, SUPPORT_PASSWORD } from '../../db/seed-support';

let server: TestServer;
let filesDir: string;
let owner: { id: number; email: string; token: string };
let staffToken: string;

beforeAll(async () => {
  filesDir = mkdtempSync(path.join(tmpdir(), 'herald-files-'));
  process.env.FILES_DIR = filesDir;
  server = await createTestServer();
  owner = await freshTenant(server);
  const staff = await server.api<{ AccessToken: string }>('LoginByPassword', {
    Email: SUPPORT_EMAIL,
    Password: SUPPORT_PASSWORD,
  });
  staffToken = staff.Data.AccessToken;
});
afterAll(async () => {
  await server.close();
  rmSync(filesDir, { recursive: true, force: true });
});

async function attach(token: string): Promise<number> {
  const reply = await server.api<{ AttachFileId: number }>(
    'UploadAttachFile',
    { FileId: await uploadPicture(server, token) },
    { token },
  );
  return reply.Data.AttachFileId;
}

async function createTicket(token: string, pictures = 0): Promise<number> {
  const ids = [];
  for (let i = 0; i < pictures; i++) ids.push(await attach(token));
  const reply = await server.api<{ TicketId: number }>(
    'CreateTicket',
    { Category: 1, Comment: 'SMS to +44 are not delivered', AttachFileIds: ids },
    { token },
  );
  expect(reply.RetCode).toBe(0);
  return reply.Data.TicketId;
}

describe('tickets', () => {
  it('creates a ticket with pictures, and shows them with fresh MediaURLs', async () => {
    const ticketId = await createTicket(owner.token, 2);
    const info = await server.api<{
      Ticket: { Status: string };
      Comments: { Author: string; Attachments: { MediaURL: string }[] }[];
    }>('GetTicketInfo', { TicketId: ticketId }, { token: owner.token });
    expect(info.Data.Ticket.Status).toBe('inReview');
    expect(info.Data.Comments[0].Author).toBe('owner');
    expect(info.Data.Comments[0].Attachments).toHaveLength(2);
    expect((await server.app.request(info.Data.Comments[0].Attachments[0].MediaURL)).status).toBe(200);
  });

  it('keeps the spec limits: categories 1-6, 150 characters, 5 pictures', async () => {
    const t = { token: owner.token };
    expect((await server.api('CreateTicket', { Category: 7, Comment: 'x' }, t)).RetCode).toBe(RetCode.ValidationError);
    expect((await server.api('CreateTicket', { Category: 6, Comment: 'x'.repeat(151) }, t)).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect((await server.api('CreateTicket', { Category: 6, Comment: '   ' }, t)).RetCode).toBe(
      RetCode.ValidationError,
    );
    expect(
      (
        await server.api(
          'CreateTicket',
          { Category: 6, Comment: 'x'.repeat(150), AttachFileIds: [1, 2, 3, 4, 5, 6] },
          t,
        )
      ).RetCode,
    ).toBe(RetCode.ValidationError);
  });

  it("does not let one tenant see, answer or reuse another tenant's ticket and pictures", async () => {
    const ticketId = await createTicket(owner.token);
    const other = await freshTenant(server);
    const t = { token: other.token };
    expect((await server.api('GetTicketInfo', { TicketId: ticketId }, t)).RetCode).toBe(RetCode.NotFound);
    expect((await server.api('CreateComment', { TicketId: ticketId, Comment: 'me too' }, t)).RetCode).toBe(
      RetCode.NotFound,
    );
    expect((await server.api('SolvedTicket', { TicketId: ticketId }, t)).RetCode).toBe(RetCode.NotFound);
    expect((await server.api<{ Total: number }>('GetTicketList', {}, t)).Data.Total).toBe(0);
    const ownersPicture = await attach(owner.token);
    expect(
      (await server.api('CreateTicket', { Category: 2, Comment: 'stolen', AttachFileIds: [ownersPicture] }, t)).RetCode,
    ).toBe(RetCode.NotFound);
    expect((await server.api('SupportListTickets', {}, t)).RetCode).toBe(RetCode.Forbidden);
  });

  it('raises the badge when staff reply and lowers it when the owner opens the ticket', async () => {
    const ticketId = await createTicket(owner.token);
    const badge = async () =>
      (await server.api<{ Total: number; TicketIds: number[] }>('GetNewReplyList', {}, { token: owner.token })).Data;
    expect((await badge()).TicketIds).not.toContain(ticketId);
    const reply = await server.api(
      'SupportReplyTicket',
      { TicketId: ticketId, Comment: 'We are looking into it.' },
      { token: staffToken },
    );
    expect(reply).toMatchObject({ RetCode: 0, Data: { Status: 'pending' } });
    expect((await badge()).TicketIds).toContain(ticketId);
    expect((await lastMessageTo(server, owner.email)).subject).toContain(`#${ticketId}`);
    const list = await server.api<{ Notifications: { Kind: string; Link: string; Read: boolean }[] }>(
      'GetNotificationList',
      {},
      { token: owner.token },
    );
    expect(list.Data.Notifications[0]).toMatchObject({
      Kind: 'ticketReply',
      Link: `/setting/work-order/${ticketId}`,
      Read: false,
    });
    await server.api('GetTicketInfo', { TicketId: ticketId }, { token: owner.token });
    expect((await badge()).TicketIds).not.toContain(ticketId);
  });

  it('moves through the lifecycle and refuses what it does not allow', async () => {
    const ticketId = await createTicket(owner.token);
    const staff = { token: staffToken };
    const mine = { token: owner.token };
    expect((await server.api('SupportSetTicketStatus', { TicketId: ticketId, Status: 'onHold' }, staff)).Data).toEqual({
      Status: 'onHold',
    });
    expect((await server.api('SupportSetTicketStatus', { TicketId: ticketId, Status: 'pending' }, staff)).RetCode).toBe(
      RetCode.IllegalTransition,
    );
    expect((await server.api('SolvedTicket', { TicketId: ticketId }, mine)).Data).toEqual({ Status: 'solved' });
    expect(
      (await server.api('CreateComment', { TicketId: ticketId, Comment: 'It came back' }, mine)).Data,
    ).toMatchObject({ Status: 'inReview' });
    expect((await server.api('SupportSetTicketStatus', { TicketId: ticketId, Status: 'closed' }, staff)).Data).toEqual({
      Status: 'closed',
    });
    expect((await server.api('CreateComment', { TicketId: ticketId, Comment: 'Hello?' }, mine)).RetCode).toBe(
      RetCode.IllegalTransition,
    );
    expect((await server.api('SupportReplyTicket', { TicketId: ticketId, Comment: 'Hi' }, staff)).RetCode).toBe(
      RetCode.IllegalTransition,
    );
  });
});
