// The sandbox SMTP sink's address rules (docs/decisions.md, "E-mail delivery"; shown on /dev/outbox).
// The recipient's local part decides, lower-cased, first match wins:

export type SinkStep = 'rcpt' | 'data';

export interface SinkRule {
  /** What the local part contains. */
  pattern: string;
  /** The SMTP reply the sink gives, and at which step. */
  reply: string;
  step: SinkStep;
  /** The delivery result the sender records (spec 001 §4). */
  result: string;
  en: string;
  zh: string;
}

export const SINK_RULES: SinkRule[] = [
  {
    pattern: 'invalid',
    reply: '553 5.1.3 Mailbox name not allowed',
    step: 'rcpt',
    result: 'invalid',
    en: 'Refused as a malformed mailbox: a hard bounce; the address is suppressed.',
    zh: '邮箱名无效，硬退信；该地址被列入抑制名单。',
  },
  {
    pattern: 'soft<N>',
    reply: '451 4.3.0 Mailbox temporarily unavailable',
    step: 'rcpt',
    result: 'soft_bounce → deliver',
    en: 'Refused for now the first N times this address is tried (N = 1 when absent, soft3 = three times), then accepted: a soft bounce that a retry delivers.',
    zh: '该地址的前 N 次投递临时失败（不写 N 时为 1，soft3 为三次），之后接收：软退信，重试后送达。',
  },
  {
    pattern: 'bounce',
    reply: '550 5.1.1 User unknown',
    step: 'rcpt',
    result: 'invalid',
    en: 'No such mailbox: a hard bounce; the address is suppressed.',
    zh: '收件人不存在，硬退信；该地址被列入抑制名单。',
  },
  {
    pattern: 'defer',
    reply: '421 4.7.0 Try again later',
    step: 'rcpt',
    result: 'soft_bounce',
    en: 'Deferred every time: retries end as a soft bounce.',
    zh: '每次都被延迟：重试用尽后结果为软退信。',
  },
  {
    pattern: 'reject',
    reply: '554 5.7.1 Message refused',
    step: 'data',
    result: 'submit_fail',
    en: 'The message itself is refused after DATA: submit failure.',
    zh: '邮件内容在 DATA 之后被拒收：提交失败。',
  },
  {
    pattern: 'complain',
    reply: '250 Accepted',
    step: 'data',
    result: 'deliver + complaint',
    en: 'Accepted, then the recipient reports it as spam: a complaint; the address is suppressed.',
    zh: '接收后收件人将其举报为垃圾邮件：投诉；该地址被列入抑制名单。',
  },
  {
    pattern: '*',
    reply: '250 Accepted',
    step: 'data',
    result: 'deliver',
    en: 'Any other address: accepted and kept at /dev/outbox.',
    zh: '其他地址：接收并显示在 /dev/outbox。',
  },
];

export type SinkDecision =
  | { kind: 'refuse'; step: SinkStep; code: number; message: string }
  | { kind: 'soft'; times: number; code: number; message: string }
  | { kind: 'accept'; complaint: boolean };

const replyOf = (reply: string) => ({ code: Number(reply.slice(0, 3)), message: reply.slice(4) });

/** The sink's decision for a recipient address. */
export function sinkDecision(address: string): SinkDecision {
  const local = address.split('@')[0].toLowerCase();
  const rule = (pattern: string) => SINK_RULES.find((r) => r.pattern === pattern)!;
  if (local.includes('invalid')) return { kind: 'refuse', step: 'rcpt', ...replyOf(rule('invalid').reply) };
  const soft = /soft(\d*)/.exec(local);
  if (soft) return { kind: 'soft', times: Math.max(1, Number(soft[1] || 1)), ...replyOf(rule('soft<N>').reply) };
  if (local.includes('bounce')) return { kind: 'refuse', step: 'rcpt', ...replyOf(rule('bounce').reply) };
  if (local.includes('defer')) return { kind: 'refuse', step: 'rcpt', ...replyOf(rule('defer').reply) };
  if (local.includes('reject')) return { kind: 'refuse', step: 'data', ...replyOf(rule('reject').reply) };
  return { kind: 'accept', complaint: local.includes('complain') };
}
