import {
  SMS_MESSAGE_RESULT_OF_CODE,
  SMS_MESSAGE_STATE_CODE,
  smsMessageLifecycle,
} from '../../src/machines/lifecycles/sms-message.machine';
import { smsTaskLifecycle } from '../../src/machines/lifecycles/sms-task.machine';
import { fillWaBody, tierShortfall, WA_CONVERSATION_MS } from '../../src/gateway/contract/wa-send';
import { WA_TIER_LIMITS, type WaTier } from '../../src/gateway/contract/whatsapp';
import { MAIN_WALLET } from '../money/ledger';
import { tierWindow } from '../whatsapp-send/conversations';
import { whatsappProvider } from '../whatsapp-send/provider';
import { WHATSAPP_PRODUCT_ID } from '../whatsapp-send/product';
import { parseWaTaskContent } from '../whatsapp-send/task-content';
import { waNumbers } from '../db/schema';
import { and, eq } from 'drizzle-orm';
import type { ChannelDescription } from './channel';

/**
 * WhatsApp on the kernel (docs/decisions.md "WhatsApp sending"): phone recipients, the content an APPROVED
 * template (name, language, category, body as JSON) whose {{n}} each recipient's values fill, sent from the
 * task's number (its sender) through the Cloud API adapter. Product 6009 is not one of spec 001's
 * sub-wallets, so the main wallet pays, per 24-hour conversation (the provider debits; the kernel debits no
 * group). The task and message lifecycles are the kernel's SMS ones, shown as spec 001 §4's WhatsApp words
 * (waTaskStatusOf). Groups wait for room in the number's messaging-limit tier.
 */
export const whatsappChannel: ChannelDescription = {
  id: 'whatsapp',
  productId: WHATSAPP_PRODUCT_ID,
  wallet: MAIN_WALLET,
  label: 'WhatsApp',
  recipientKind: 'phone',
  lifecycles: {
    task: smsTaskLifecycle,
    message: smsMessageLifecycle,
    messageCodes: SMS_MESSAGE_STATE_CODE,
    messageResults: SMS_MESSAGE_RESULT_OF_CODE,
  },
  render: (content, params) => fillWaBody(parseWaTaskContent(content).body, params),
  parts: () => 1,
  // the platform reviewed the template when it approved it
  reviewTask: () => ({ verdict: 'pass' }),
  paysItself: true,
  async roomWaitMs(deps, task, size, now) {
    const { db } = deps.database;
    const [number] = await db
      .select({ tier: waNumbers.tier })
      .from(waNumbers)
      .where(and(eq(waNumbers.userId, task.userId), eq(waNumbers.phoneNumberId, task.senderId)));
    if (!number) return 0; // the provider refuses every message of a number that is gone
    const limit = WA_TIER_LIMITS[number.tier as WaTier] ?? WA_TIER_LIMITS['50'];
    const window = await tierWindow(db, task.senderId, now);
    const k = tierShortfall(limit, window.count, size);
    return k === 0 ? 0 : (await window.kthOldest(k)) + WA_CONVERSATION_MS - now.getTime();
  },
  provider: (deps) => whatsappProvider(deps),
};
