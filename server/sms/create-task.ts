import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { smsTags } from '../db/schema';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { countSmsSegments } from '../../src/gateway/contract/sms-segments';
import { renderTemplate } from '../../src/gateway/contract/sms-template';
import type { Country } from '../../src/gateway/contract/countries';
import { enqueueAfterCommit, QUEUE } from '../queue';
import { smsChannel } from '../channels/sms';
import { storeTask, type TaskRecipient, type TaskSpec } from '../channels/create-task';
import type { TaskRow } from '../channels/task-store';
import { normalizePhone, smsPrice } from './countries';

export interface SendTaskSpec extends Omit<TaskSpec, 'countryCode' | 'phonePrefix' | 'price'> {
  country: Country;
}

/** Stores an SMS task on the kernel (parsing) with its tags, inside the caller's transaction. */
export async function storeSendTask(tx: Db, deps: ServerDeps, userId: number, spec: SendTaskSpec): Promise<TaskRow> {
  const now = deps.clock.now();
  const { country, ...rest } = spec;
  const task = await storeTask(
    tx,
    smsChannel,
    userId,
    {
      ...rest,
      countryCode: country.CountryCode,
      phonePrefix: country.PhonePrefix,
      price: spec.trial ? 0 : smsPrice(country),
    },
    { groupSize: deps.smsSettings.groupSize, now },
  );
  for (const tag of spec.tags)
    await tx.insert(smsTags).values({ userId, name: tag, createdAt: now }).onConflictDoNothing();
  return task;
}

/** Queues the parse job of a stored task (after its transaction committed). */
export async function queueParse(deps: ServerDeps, task: { id: number }): Promise<void> {
  await enqueueAfterCommit(deps, QUEUE.taskParse, { taskId: task.id });
}

/** Stores an SMS task in its own transaction and queues its parsing. */
export async function createSendTask(deps: ServerDeps, userId: number, spec: SendTaskSpec): Promise<TaskRow> {
  const task = await deps.database.db.transaction((tx) => storeSendTask(tx, deps, userId, spec));
  await queueParse(deps, task);
  return task;
}

/** Parses pasted numbers or rows into recipients: E.164, deduplicated, each with its part count. */
export function readRecipients(
  input: { Phones?: string[]; Rows?: string[][] },
  country: Country,
  content: string,
  variableCount: number,
) {
  const seen = new Set<string>();
  const recipients: TaskRecipient[] = [];
  let invalidCount = 0;
  let duplicateCount = 0;
  const fixed = variableCount === 0 ? countSmsSegments(content, country.CountryCode).segments : 0;
  const rows = input.Rows ?? (input.Phones ?? []).map((phone) => [phone]);
  rows.forEach((row, index) => {
    if (row.length !== variableCount + 1) {
      throw new ApiError(RetCode.TemplateParamsMismatch, {
        row: index + 1,
        given: row.length - 1,
        expected: variableCount,
      });
    }
    const phone = normalizePhone(row[0], country.PhonePrefix);
    if (!phone) return void invalidCount++;
    if (seen.has(phone)) return void duplicateCount++;
    seen.add(phone);
    const params = variableCount ? row.slice(1) : null;
    recipients.push({
      address: phone,
      params,
      segments: params ? countSmsSegments(renderTemplate(content, params), country.CountryCode).segments : fixed,
    });
  });
  return { recipients, invalidCount, duplicateCount };
}
