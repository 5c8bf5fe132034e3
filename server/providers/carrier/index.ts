// How Herald hands SMS to a carrier. Submitting is synchronous (accepted or refused per message);
// delivery reports arrive later through recordDeliveryReports (server/jobs/sms-delivery.ts).

export interface CarrierMessage {
  /** `task:recipient`, the idempotency key: a carrier answers a repeated key with its first result and sends nothing. */
  key: string;
  /** E.164 digits, no + */
  phone: string;
  body: string;
  senderId: string;
}

export interface SubmitResult {
  key: string;
  accepted: boolean;
  /** The carrier's code when refused. */
  errorCode: string;
}

export type DeliveryOutcome = 'success' | 'fail' | 'unknown';

export interface DeliveryReport {
  key: string;
  outcome: DeliveryOutcome;
  errorCode: string;
  /** A voice call's duration in seconds (voice carriers only). */
  callSeconds?: number;
}

export interface CarrierAdapter {
  readonly name: string;
  submit(messages: CarrierMessage[]): Promise<SubmitResult[]>;
}

/** Codes the sandbox carrier answers, with the description shown in send records (en, zh). */
export const CARRIER_ERRORS: Record<string, { en: string; zh: string }> = {
  EC001: { en: 'Absent subscriber: the phone is off or out of coverage', zh: '用户不在服务区或已关机' },
  EC002: { en: 'Unknown subscriber: the number is not in service', zh: '空号或号码已停用' },
  EC003: { en: 'Handset memory full', zh: '手机存储已满' },
  EC004: { en: 'Blocked by the operator', zh: '被运营商拦截' },
  UNKNOWN: { en: 'No final delivery report from the operator', zh: '运营商未返回最终状态报告' },
  SF001: { en: 'Number refused by the carrier at submission', zh: '提交时被运营商拒收' },
  VC001: { en: 'No answer: the call rang out', zh: '无人接听' },
  VC002: { en: 'Busy: the line was engaged', zh: '用户忙' },
  VC003: { en: 'Call failed: the number cannot be reached', zh: '呼叫失败：号码无法接通' },
  HERALD_BALANCE: { en: 'Not sent: insufficient balance', zh: '未发送：余额不足' },
  WA_NUMBER: { en: 'Not sent: the WhatsApp number cannot send now', zh: '未发送：该 WhatsApp 号码当前无法发送' },
  WA_REFUSED: { en: 'Refused by WhatsApp when sent', zh: '发送时被 WhatsApp 拒绝' },
  WA131026: {
    en: 'Message undeliverable: the customer cannot receive it on WhatsApp',
    zh: '消息无法送达：该客户无法在 WhatsApp 上接收',
  },
  WAFAILED: { en: 'WhatsApp reported the message failed', zh: 'WhatsApp 报告消息发送失败' },
  HERALD_CANCELLED: { en: 'Not sent: the task was stopped', zh: '未发送：任务已停止' },
};

export function carrierErrorDescription(code: string, lang: 'en' | 'zh'): string {
  if (!code) return '';
  return CARRIER_ERRORS[code]?.[lang] ?? code;
}
