// Support staff answer tickets from here: `npm run support -- <command>`. It goes through the running
// server's staff-only Actions (permission key SupportStaff), so it works whatever the database is and
// never opens a PGlite data folder the server holds (docs/decisions.md, "Tickets").
//
//   npm run support -- list [--status inReview|pending|onHold|solved|closed]
//   npm run support -- show <ticketId>
//   npm run support -- reply <ticketId> <text…>
//   npm run support -- status <ticketId> <inReview|onHold|solved|closed>
//   npm run support -- transfer <referenceCode> <amount, e.g. 250.00> <bankReference> [walletType]
//     records an incoming bank transfer: credits the account with that reference through the ledger,
//     once per bankReference (docs/decisions.md, "Money in")
//   npm run support -- task <taskId> approve | reject [reason…]
//     decides a send task that content review flagged (status 7, pending manual review) through the
//     task lifecycle: approve sends it (waiting), reject ends it with the reason (docs/decisions.md,
//     "Channel kernel")
//
// HERALD_URL (default http://127.0.0.1:$PORT or :8080), HERALD_SUPPORT_EMAIL and HERALD_SUPPORT_PASSWORD
// (default: the staff account the embedded default seeds, support@herald.local).
import { SUPPORT_EMAIL, SUPPORT_PASSWORD } from '../server/db/seed-support';
import { parseMoneyInput } from '../src/gateway/contract/billing/rules';
import { formatMoney } from '../src/gateway/contract/money';

const baseUrl = process.env.HERALD_URL ?? `http://127.0.0.1:${process.env.PORT ?? 8080}`;
const usage = `usage: npm run support -- list [--status <status>] | show <ticketId> | reply <ticketId> <text…> | status <ticketId> <status> | transfer <referenceCode> <amount> <bankReference> [walletType] | task <taskId> approve|reject [reason…]`;

interface Reply<D> {
  RetCode: number;
  Message: string;
  Data: D;
}

async function api<D>(action: string, input: Record<string, unknown>, token?: string): Promise<D> {
  const response = await fetch(`${baseUrl}/api`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ Action: action, ...input }),
  });
  const reply = (await response.json()) as Reply<D>;
  if (reply.RetCode !== 0) throw new Error(`${action}: ${reply.Message} (RetCode ${reply.RetCode})`);
  return reply.Data;
}

interface Ticket {
  TicketId: number;
  Category: number;
  Status: string;
  Comment: string;
  OwnerEmail: string;
  UpdateTime: number;
  HasNewReply: boolean;
}

const when = (seconds: number) => new Date(seconds * 1000).toISOString().replace('T', ' ').slice(0, 16);

async function main(args: string[]): Promise<void> {
  const [command, ...rest] = args;
  if (!command || command === 'help' || command === '--help') {
    console.log(usage);
    return;
  }
  const { AccessToken: token } = await api<{ AccessToken: string }>('LoginByPassword', {
    Email: process.env.HERALD_SUPPORT_EMAIL ?? SUPPORT_EMAIL,
    Password: process.env.HERALD_SUPPORT_PASSWORD ?? SUPPORT_PASSWORD,
  });
  const ticketId = Number(rest[0]);
  const needId = () => {
    if (!Number.isInteger(ticketId) || ticketId <= 0) throw new Error(`a ticket id is needed\n${usage}`);
  };
  switch (command) {
    case 'list': {
      const statusAt = rest.indexOf('--status');
      const status = statusAt >= 0 ? rest[statusAt + 1] : undefined;
      const { Total, Tickets } = await api<{ Total: number; Tickets: Ticket[] }>(
        'SupportListTickets',
        { NumPerPage: 100, ...(status ? { Status: status } : {}) },
        token,
      );
      console.log(`${Total} ticket(s)`);
      for (const t of Tickets)
        console.log(
          `#${t.TicketId}\t${t.Status}\tcategory ${t.Category}\t${when(t.UpdateTime)}\t${t.OwnerEmail}\t${t.Comment}`,
        );
      return;
    }
    case 'show': {
      needId();
      const { Ticket, Comments } = await api<{
        Ticket: Ticket;
        Comments: {
          Author: string;
          Comment: string;
          CreateTime: number;
          Attachments: { FileName: string; MediaURL: string }[];
        }[];
      }>('SupportGetTicket', { TicketId: ticketId }, token);
      console.log(`#${Ticket.TicketId} ${Ticket.Status} (category ${Ticket.Category}) from ${Ticket.OwnerEmail}`);
      for (const c of Comments) {
        console.log(`\n[${when(c.CreateTime)}] ${c.Author}: ${c.Comment}`);
        for (const a of c.Attachments) console.log(`  picture ${a.FileName}: ${baseUrl}${a.MediaURL}`);
      }
      return;
    }
    case 'reply': {
      needId();
      const text = rest.slice(1).join(' ').trim();
      if (!text) throw new Error(`the reply text is missing\n${usage}`);
      const { Status } = await api<{ Status: string }>(
        'SupportReplyTicket',
        { TicketId: ticketId, Comment: text },
        token,
      );
      console.log(`replied to #${ticketId}; status ${Status}`);
      return;
    }
    case 'status': {
      needId();
      const { Status } = await api<{ Status: string }>(
        'SupportSetTicketStatus',
        { TicketId: ticketId, Status: rest[1] },
        token,
      );
      console.log(`#${ticketId} is now ${Status}`);
      return;
    }
    case 'transfer': {
      const [code, amountText, bankReference, walletType] = rest;
      const amount = parseMoneyInput(amountText ?? '');
      if (!code || amount === null || !bankReference)
        throw new Error(
          `a reference code, an amount (at most 4 decimals) and the bank's reference are needed\n${usage}`,
        );
      const done = await api<{ Email: string; BalanceAfter: number; Replayed: boolean }>(
        'RecordBankTransfer',
        { VerifyCode: code, Amount: amount, BankReference: bankReference, ProductType: Number(walletType ?? 0) },
        token,
      );
      console.log(
        done.Replayed
          ? `transfer ${bankReference} was already recorded for ${done.Email}; nothing changed`
          : `credited ${formatMoney(amount)} to ${done.Email}; wallet balance now ${formatMoney(done.BalanceAfter)}`,
      );
      return;
    }
    case 'task': {
      const [taskId, decision, ...reason] = rest;
      if (!taskId || (decision !== 'approve' && decision !== 'reject'))
        throw new Error(`a task id and approve or reject are needed\n${usage}`);
      const done = await api<{ TaskId: string; Status: number; Reason: string }>(
        'SupportReviewTask',
        { TaskId: taskId, Decision: decision, Reason: reason.join(' ').trim() },
        token,
      );
      console.log(`${done.TaskId} is now status ${done.Status}${done.Reason ? ` (${done.Reason})` : ''}`);
      return;
    }
    default:
      throw new Error(`unknown command ${command}\n${usage}`);
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
