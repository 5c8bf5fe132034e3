import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database';
import type { Clock } from '../../clock';
import type { CarrierAdapter, CarrierMessage, DeliveryReport, SubmitResult } from './index';

/**
 * The sandbox carrier (docs/decisions.md, "SMS"): it keeps its own log (sms_carrier_messages, one
 * row per key however often a key is submitted) and decides by the number's last digit:
 *   0-6 delivered (Success); 7 not delivered (Fail, EC001-EC004 by the digit before it);
 *   8 no final report (Unknown); 9 refused at submission (SubmitFail, SF001).
 * Reports follow after `latencyMs` through `scheduleReports` (a durable job), or at once when 0.
 */
export interface SandboxOutcome {
  accepted: boolean;
  report: DeliveryReport['outcome'];
  errorCode: string;
  /** Voice: the call's duration in seconds. */
  callSeconds?: number;
}

/** How a sandbox carrier decides a number's fate: SMS's rule here, voice's in ./voice-sandbox.ts. */
export type SandboxRule = (phone: string) => SandboxOutcome;

export function sandboxOutcome(phone: string): SandboxOutcome {
  const last = Number(phone.at(-1) ?? '0');
  const before = Number(phone.at(-2) ?? '0');
  if (last === 9) return { accepted: false, report: 'fail', errorCode: 'SF001' };
  if (last === 8) return { accepted: true, report: 'unknown', errorCode: 'UNKNOWN' };
  if (last === 7) return { accepted: true, report: 'fail', errorCode: `EC00${(before % 4) + 1}` };
  return { accepted: true, report: 'success', errorCode: '' };
}

export interface SandboxCarrierOptions {
  db: Db;
  clock: Clock;
  /** Hands accepted keys to the report job (after the latency). */
  scheduleReports: (keys: string[]) => Promise<void>;
  /** The outcome rule (SMS's by default). */
  rule?: SandboxRule;
}

export function sandboxCarrier(options: SandboxCarrierOptions): CarrierAdapter {
  const rule = options.rule ?? sandboxOutcome;
  return {
    name: 'sandbox',
    async submit(messages: CarrierMessage[]): Promise<SubmitResult[]> {
      if (messages.length === 0) return [];
      const decided = messages.map((m) => ({ ...m, ...rule(m.phone) }));
      // One row per key: a repeated key only counts a submission and keeps its first answer.
      const result = await options.db.execute(sql`
        INSERT INTO sms_carrier_messages (message_key, phone, body, accepted, error_code, created_at)
        SELECT k, p, b, a, e, ${options.clock.now().toISOString()}::timestamptz FROM unnest(
          ${sql.param(decided.map((m) => m.key))}::text[], ${sql.param(decided.map((m) => m.phone))}::text[], ${sql.param(decided.map((m) => m.body))}::text[],
          ${sql.param(decided.map((m) => m.accepted))}::boolean[], ${sql.param(decided.map((m) => (m.accepted ? '' : m.errorCode)))}::text[]
        ) AS u(k, p, b, a, e)
        ON CONFLICT (message_key) DO UPDATE SET submissions = sms_carrier_messages.submissions + 1
        RETURNING message_key, accepted, error_code`);
      const rows = (result as unknown as { rows: { message_key: string; accepted: boolean; error_code: string }[] })
        .rows;
      const accepted = rows.filter((r) => r.accepted).map((r) => r.message_key);
      if (accepted.length) await options.scheduleReports(accepted);
      return rows.map((r) => ({ key: r.message_key, accepted: r.accepted, errorCode: r.error_code }));
    },
  };
}

/** The reports the sandbox sends for keys it accepted (each key once: reported_at marks it). */
export async function sandboxReports(
  db: Db,
  clock: Clock,
  keys: string[],
  rule: SandboxRule = sandboxOutcome,
): Promise<DeliveryReport[]> {
  if (keys.length === 0) return [];
  const result = await db.execute(sql`
    UPDATE sms_carrier_messages SET reported_at = COALESCE(reported_at, ${clock.now().toISOString()}::timestamptz)
    WHERE message_key = ANY(${sql.param(keys)}::text[]) AND accepted
    RETURNING message_key, phone`);
  const rows = (result as unknown as { rows: { message_key: string; phone: string }[] }).rows;
  return rows.map((r) => {
    const outcome = rule(r.phone);
    const report: DeliveryReport = { key: r.message_key, outcome: outcome.report, errorCode: outcome.errorCode };
    if (outcome.callSeconds !== undefined) report.callSeconds = outcome.callSeconds;
    return report;
  });
}
