import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { call, startServer, type ServerProcess } from './spawn';

// Issue 19 item 3: on the embedded default, a write answered RetCode 0 survives a SIGKILL of the process
// right after the answer, 20 times in a row (docs/decisions.md, "Durability of the embedded default").
const ROUNDS = Number(process.env.HERALD_KILL_ROUNDS || 20);
const dataDir = mkdtempSync(path.join(tmpdir(), 'herald-durability-'));
let server: ServerProcess | null = null;
afterAll(() => {
  server?.child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

const env = { DATA_DIR: dataDir, HERALD_DEV_TOOLS: '1' };

describe('SIGKILL right after an answer (embedded PGlite)', () => {
  it(`keeps every answered write, ${ROUNDS} times in a row`, { timeout: 30 * 60_000 }, async () => {
    const written: { ticket: number; email: string }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      server = await startServer(env);
      // What was answered before the last kill is all there.
      const { AccessToken: token } = (
        await call<{ AccessToken: string }>(server.url, 'LoginByPassword', {
          Email: 'demo@herald.local',
          Password: 'herald-demo-1',
        })
      ).Data;
      const tickets = await call<{ Tickets: { TicketId: number }[] }>(
        server.url,
        'GetTicketList',
        { NumPerPage: 30 },
        token,
      );
      const ids = new Set(tickets.Data.Tickets.map((t) => t.TicketId));
      for (const w of written) {
        expect(ids.has(w.ticket), `ticket ${w.ticket} after kill ${round}`).toBe(true);
        const account = await call(server.url, 'SendActivateEmail', { Email: w.email });
        expect(account.RetCode, `account ${w.email} after kill ${round}`).not.toBe(214407);
      }

      // Two writes, the second answered just before the kill: a sign-up and a ticket.
      const phone = `1415555${String(round).padStart(4, '0')}`;
      expect((await call(server.url, 'SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' })).RetCode).toBe(0);
      const outbox = (await (await fetch(`${server.url}/dev/outbox.json`)).json()) as { to: string; text: string }[];
      const code = /\b(\d{6})\b/.exec(outbox.find((m) => m.to === phone)!.text)![1];
      const email = `kill-${round}-${Date.now()}@example.com`;
      const registered = await call(server.url, 'RegisterAdminUser', {
        Email: email,
        Password: 'Sunny-day-42',
        ConfirmPassword: 'Sunny-day-42',
        Phone: phone,
        PhoneCode: code,
        Country: 'US',
        Agree: true,
      });
      expect(registered.RetCode).toBe(0);
      const ticket = await call<{ TicketId: number }>(
        server.url,
        'CreateTicket',
        { Category: 1, Comment: `written before kill ${round}` },
        token,
      );
      expect(ticket.RetCode).toBe(0);
      server.child.kill('SIGKILL');
      expect((await server.exited).signal).toBe('SIGKILL');
      written.push({ ticket: ticket.Data.TicketId, email });
    }
    // The last round's writes, after its kill.
    server = await startServer(env);
    const { AccessToken: token } = (
      await call<{ AccessToken: string }>(server.url, 'LoginByPassword', {
        Email: 'demo@herald.local',
        Password: 'herald-demo-1',
      })
    ).Data;
    const tickets = await call<{ Tickets: { TicketId: number }[] }>(
      server.url,
      'GetTicketList',
      { NumPerPage: 30 },
      token,
    );
    const ids = new Set(tickets.Data.Tickets.map((t) => t.TicketId));
    expect(written.filter((w) => !ids.has(w.ticket))).toEqual([]);
    server.child.kill('SIGTERM');
    await server.exited;
    server = null;
  });
});
