import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import {
  waAccounts,
  waInboundMessages,
  waMessageStatuses,
  waNumberSignals,
  waNumbers,
  waWebhookEvents,
  type WaSignalKind,
} from '../db/schema';
import { WA_API_TIERS, waStatusOf, type WaNumberStatus } from '../../src/gateway/contract/whatsapp';
import { recomputeNumber } from './numbers';
import { storeArrived } from '../inbox/store';
import { INBOX_PLATFORM } from '../../src/gateway/contract/inbox';
import { outcomeOfWaStatus } from '../../src/gateway/contract/wa-send';
import { openServiceConversation } from '../whatsapp-send/conversations';
import { applyTemplateStatusUpdate } from '../whatsapp-templates/status-webhook';
import { refundUndelivered } from '../whatsapp-send/refunds';

// What a verified WhatsApp webhook changes (docs/decisions.md "WhatsApp numbers"). Each change of each
// entry is handled once: its key (SHA-256 of the entry id, field and value) goes into wa_webhook_events in
// the same transaction as its effects, so a replay stores nothing. The entry id is the WABA id: it names
// the Herald account, and a change only touches numbers of that account (another account's number id is
// ignored). Fields: messages (inbound messages and the statuses of sent ones), phone_number_quality_update
// (FLAGGED / UNFLAGGED and the tier), account_update (a number's status), and user_feedback (a customer's
// block or report: a Herald extension the sandbox sends, as the Cloud API reports these only in aggregate).

interface Change {
  field?: string;
  value?: Record<string, unknown>;
}
export interface WhatsAppWebhookBody {
  object?: string;
  entry?: { id?: string; changes?: Change[] }[];
}

const BUSINESS_ORIGINS = new Set(['marketing', 'utility', 'authentication']);

const at = (seconds: unknown, fallback: Date) => {
  const n = Number(seconds);
  return Number.isFinite(n) && n > 0 ? new Date(n * 1000) : fallback;
};
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown) => (Array.isArray(value) ? (value as Record<string, unknown>[]) : []);
const obj = (value: unknown) => (value && typeof value === 'object' ? (value as Record<string, unknown>) : {});

export const changeKey = (entryId: string, change: Change) =>
  createHash('sha256')
    .update(`${entryId}\n${change.field ?? ''}\n${JSON.stringify(change.value ?? null)}`)
    .digest('hex');

/** account_update's events as number statuses (an explicit known `status` wins). */
const ACCOUNT_EVENTS: Record<string, WaNumberStatus> = {
  ACCOUNT_RESTRICTION: 'RESTRICTED',
  ACCOUNT_VIOLATION: 'RESTRICTED',
  DISABLED_UPDATE: 'BANNED',
  ACCOUNT_DELETED: 'DELETED',
  PARTNER_REMOVED: 'DISCONNECTED',
  PHONE_NUMBER_MIGRATED: 'MIGRATED',
};

export interface WebhookOutcome {
  handled: number;
  replayed: number;
  ignored: number;
  /** Final statuses (delivered, read, failed) of the account's sent messages: the kernel's report job takes them. */
  reported: { userId: number; wamids: string[]; failed: string[] }[];
}

export async function handleWhatsAppWebhook(db: Db, body: WhatsAppWebhookBody, now: Date): Promise<WebhookOutcome> {
  const outcome: WebhookOutcome = { handled: 0, replayed: 0, ignored: 0, reported: [] };
  for (const entry of body.entry ?? []) {
    const wabaId = str(entry.id);
    const [account] = wabaId ? await db.select().from(waAccounts).where(eq(waAccounts.wabaId, wabaId)) : [];
    for (const change of entry.changes ?? []) {
      // a template's verdict names its business account itself (also `herald-{userId}` before one is connected)
      const isTemplateStatus = change.field === 'message_template_status_update';
      if (!account && !(isTemplateStatus && wabaId)) {
        outcome.ignored += 1;
        continue;
      }
      const result = await db.transaction(async (tx) => {
        const inTx = tx as unknown as Db;
        const fresh = await inTx
          .insert(waWebhookEvents)
          .values({ eventKey: changeKey(wabaId, change), receivedAt: now })
          .onConflictDoNothing()
          .returning();
        if (fresh.length === 0) return 'replayed' as const;
        const applied = isTemplateStatus
          ? await applyTemplateStatusUpdate(inTx, wabaId, obj(change.value), now)
          : await applyChange(inTx, account!.userId, change, now);
        return applied ? ('handled' as const) : ('ignored' as const);
      });
      outcome[result] += 1;
      if (result === 'handled' && change.field === 'messages' && account) {
        const final = list(obj(change.value).statuses).filter((s) => outcomeOfWaStatus(str(s.status)) && str(s.id));
        const wamids = final.map((s) => str(s.id));
        const failed = final.filter((s) => str(s.status) === 'failed').map((s) => str(s.id));
        if (wamids.length) outcome.reported.push({ userId: account.userId, wamids, failed });
      }
    }
  }
  return outcome;
}

/** The account's number by id or display phone; another account's number is never found. */
async function numberOf(db: Db, userId: number, by: { id?: string; phone?: string }) {
  if (!by.id && !by.phone) return undefined;
  // the Cloud API writes display phones with or without punctuation: compare their digits
  const digits = (by.phone ?? '').replace(/\D/g, '');
  const match = by.id
    ? eq(waNumbers.phoneNumberId, by.id)
    : sql`regexp_replace(${waNumbers.displayPhone}, '\D', '', 'g') = ${digits}`;
  const [row] = await db
    .select()
    .from(waNumbers)
    .where(and(eq(waNumbers.userId, userId), match));
  return row;
}

async function addSignal(db: Db, userId: number, phoneNumberId: string, kind: WaSignalKind, ref: string, when: Date) {
  const added = await db
    .insert(waNumberSignals)
    .values({ phoneNumberId, userId, kind, ref, at: when })
    .onConflictDoNothing()
    .returning();
  return added.length > 0;
}

async function applyChange(db: Db, userId: number, change: Change, now: Date): Promise<boolean> {
  const value = obj(change.value);
  const metadata = obj(value.metadata);
  const number = await numberOf(db, userId, {
    id: str(metadata.phone_number_id) || str(value.phone_number_id),
    phone: str(metadata.display_phone_number) || str(value.display_phone_number) || str(value.phone_number),
  });
  if (!number) return false;
  const id = number.phoneNumberId;
  switch (change.field) {
    case 'messages': {
      const names = new Map(list(value.contacts).map((c) => [str(c.wa_id), str(obj(c.profile).name)]));
      for (const m of list(value.messages)) {
        if (!str(m.id) || !str(m.from)) continue;
        const type = str(m.type) || 'unknown';
        const text = type === 'text' ? str(obj(m.text).body) : str(obj(m[type]).caption);
        await db
          .insert(waInboundMessages)
          .values({
            userId,
            phoneNumberId: id,
            waId: str(m.from),
            profileName: names.get(str(m.from)) ?? '',
            type,
            text: text.slice(0, 4096),
            wamid: str(m.id),
            sentAt: at(m.timestamp, now),
            receivedAt: now,
          })
          .onConflictDoNothing();
        // and into the smart inbox, once (docs/decisions.md "Smart inbox")
        const from = str(m.from);
        // the customer's message opens a service conversation (docs/decisions.md "WhatsApp sending")
        await openServiceConversation(db, userId, id, from, at(m.timestamp, now));
        await storeArrived(
          db,
          [
            {
              userId,
              platformType: INBOX_PLATFORM.WhatsApp,
              typeCode: 80,
              externalId: str(m.id),
              chatId: `${id}:${from}`,
              chatTitle: `+${from} → ${number.displayPhone}`,
              senderName: names.get(from) || `+${from}`,
              text: (text || `[${type}]`).slice(0, 4096),
              receivedAt: at(m.timestamp, now),
            },
          ],
          now,
        );
      }
      let opened = false;
      for (const s of list(value.statuses)) {
        if (!str(s.id) || !str(s.status)) continue;
        const conversation = obj(s.conversation);
        const origin = str(obj(conversation.origin).type);
        const when = at(s.timestamp, now);
        await db
          .insert(waMessageStatuses)
          .values({
            wamid: str(s.id),
            status: str(s.status),
            userId,
            phoneNumberId: id,
            recipientId: str(s.recipient_id),
            conversationId: str(conversation.id),
            origin,
            error: list(s.errors)
              .map((e) => `${str(String(e.code ?? ''))} ${str(e.title)}`.trim())
              .join('; '),
            at: when,
          })
          .onConflictDoNothing();
        if (str(conversation.id) && BUSINESS_ORIGINS.has(origin))
          opened = (await addSignal(db, userId, id, 'conversation', str(conversation.id), when)) || opened;
      }
      // the platform charges delivered messages only: a failure's refund commits with its status, so the
      // records never show a failed message still charged (docs/decisions.md "WhatsApp sending")
      const failed = list(value.statuses)
        .filter((s) => str(s.status) === 'failed' && str(s.id))
        .map((s) => str(s.id));
      await refundUndelivered(db, userId, failed, now);
      if (opened) await recomputeNumber(db, userId, id, now);
      return true;
    }
    case 'user_feedback': {
      let added = false;
      for (const f of list(value.feedback)) {
        const kind = str(f.kind);
        if ((kind !== 'block' && kind !== 'report') || !str(f.id)) continue;
        added = (await addSignal(db, userId, id, kind, str(f.id), at(f.timestamp, now))) || added;
      }
      if (added) await recomputeNumber(db, userId, id, now);
      return true;
    }
    case 'phone_number_quality_update': {
      const event = str(value.event);
      const tier = WA_API_TIERS[str(value.current_limit)];
      const status = event === 'FLAGGED' ? 'FLAGGED' : event === 'UNFLAGGED' ? 'CONNECTED' : undefined;
      await db
        .update(waNumbers)
        .set({ ...(status ? { status } : {}), ...(tier ? { tier } : {}), updatedAt: now })
        .where(eq(waNumbers.phoneNumberId, id));
      return true;
    }
    case 'account_update': {
      const explicit = str(value.status);
      const status = explicit ? waStatusOf(explicit) : ACCOUNT_EVENTS[str(value.event)];
      if (!status) return false;
      await db.update(waNumbers).set({ status, updatedAt: now }).where(eq(waNumbers.phoneNumberId, id));
      return true;
    }
    default:
      return false;
  }
}
