import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channelTaskAudiences, channelTasks, wallets } from '../db/schema';
import type { TaskAudience, VariableMapping } from '../../src/gateway/contract/audience/send-audience';
import type { AudienceSource } from '../audience/send-source';
import { newPublicId } from '../lib/ids';
import type { ChannelDescription } from './channel';
import type { TaskRow } from './task-store';

// Accepting a task (docs/decisions.md "Channel kernel"): the request stores the task at its parsing
// status with its recipients as one input row, and answers; the parse job stores the recipients in
// chunks (progress in parsed_count), then the review job decides. So a 100,000-recipient request
// commits two rows, and parsing and review are statuses a user sees.

export interface TaskRecipient {
  /** In the channel's recipient kind (E.164 digits for phones). */
  address: string;
  params: string[] | null;
  /** Parts (billing units) of this recipient's message. */
  segments: number;
}

/** A task sent to a list or a segment: its recipients are read when the parse job runs. */
export interface TaskAudienceSpec {
  audience: TaskAudience;
  source: AudienceSource;
  /** One entry per template variable, in order. */
  mapping: VariableMapping[];
  /** Sendable members when accepted, and the parts of one message with the defaults: the estimate. */
  expectedCount: number;
  partsEach: number;
}

export interface TaskSpec {
  name: string;
  templateId: string;
  templateName: string;
  content: string;
  variableCount: number;
  countryCode: string;
  phonePrefix: string;
  senderId: string;
  tags: string[];
  projectId: string;
  sendType: 'immediate' | 'scheduled';
  sendAt: Date;
  timeZone: string;
  trial: boolean;
  /** Price per part in units (0 for trial messages). */
  price: number;
  /** Numbers and files; empty for an audience task. */
  recipients: TaskRecipient[];
  audience?: TaskAudienceSpec;
  invalidCount: number;
  duplicateCount: number;
}

/** Stores the task (parsing) and its recipients' input row inside the caller's transaction. */
export async function storeTask(
  tx: Db,
  channel: ChannelDescription,
  userId: number,
  spec: TaskSpec,
  options: { groupSize: number; now: Date },
): Promise<TaskRow> {
  const { audience } = spec;
  const totalCount = audience ? audience.expectedCount : spec.recipients.length;
  const totalSegments = audience
    ? audience.expectedCount * audience.partsEach
    : spec.recipients.reduce((sum, r) => sum + r.segments, 0);
  const segments = audience ? audience.partsEach : spec.recipients.reduce((max, r) => Math.max(max, r.segments), 0);
  const [parsing] = await tx
    .insert(channelTasks)
    .values({
      taskId: newPublicId('TK'),
      channel: channel.id,
      sessionNo: newPublicId('SN'),
      userId,
      name: spec.name,
      templateId: spec.templateId,
      templateName: spec.templateName,
      content: spec.content,
      variableCount: spec.variableCount,
      countryCode: spec.countryCode,
      phonePrefix: spec.phonePrefix,
      senderId: spec.senderId,
      tags: spec.tags,
      projectId: spec.projectId,
      sendType: spec.sendType,
      sendAt: spec.sendAt,
      timeZone: spec.timeZone,
      status: channel.lifecycles.task.statusesAllowing('parse.done')[0],
      trial: spec.trial,
      totalCount,
      invalidCount: spec.invalidCount,
      duplicateCount: spec.duplicateCount,
      segments,
      totalSegments,
      price: spec.price,
      estimatedCost: totalSegments * spec.price,
      groupSize: options.groupSize,
      groupCount: Math.ceil(totalCount / options.groupSize),
      audience: audience?.audience ?? null,
      createdAt: options.now,
    })
    .returning();
  if (audience) {
    await tx.insert(channelTaskAudiences).values({
      taskId: parsing.id,
      listId: audience.source.listId,
      segmentRules: audience.source.segmentRules,
      variableMapping: audience.mapping,
    });
    return parsing;
  }
  await tx.execute(sql`
    INSERT INTO channel_task_inputs (task_id, addresses, params, segments) VALUES (${parsing.id},
      ${sql.param(spec.recipients.map((r) => r.address))}::text[],
      ${sql.param(spec.recipients.map((r) => (r.params ? JSON.stringify(r.params) : null)))}::jsonb[],
      ${sql.param(spec.recipients.map((r) => r.segments))}::int[])`);
  return parsing;
}

/** What the account can spend on a channel now: paid, free and credit, less what is frozen. */
export async function availableBalance(db: Db, userId: number, channel: ChannelDescription): Promise<number> {
  const [wallet] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.productType, channel.wallet)));
  return wallet ? wallet.amount + wallet.amountFree + wallet.amountCredit - wallet.amountFreeze : 0;
}
