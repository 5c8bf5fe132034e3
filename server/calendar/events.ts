import { and, asc, eq, gte, inArray, isNotNull, lt, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channelTasks, tgPosts } from '../db/schema';
import { socialPostEvents } from './social-events';
import { planEvents } from './plan-events';
import { channelOf } from '../channels/registry';
import { deletedStatusOf, taskCan, type TaskRow } from '../channels/task-store';
import { ApiError } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { TG_POST_STATUS } from '../../src/gateway/contract/statuses';
import { CALENDAR_EVENT_STATE, CALENDAR_ITEM_TYPE, type CalendarItemType } from '../../src/gateway/contract/calendar';
import type { CalendarEvent } from '../../src/gateway/contract/actions/calendar';
import type { ModuleName } from '../../src/gateway/contract/actions/subscriptions';
import { planInForce } from '../money/plan-gate';

// The marketing calendar's sources (docs/decisions.md "Calendar"): the channel kernel's tasks (one SQL for
// SMS, e-mail, MMS and voice), the Telegram posts (one SQL), social posts and scheduled marketing plans.
// Recipients are never read. Condition items (type 6) are not answered.

/** Calendar type -> the kernel's channel id and the console's detail route prefix. */
const TASK_SOURCES = [
  { type: CALENDAR_ITEM_TYPE.sms, channel: 'sms', path: '/sms/task' },
  { type: CALENDAR_ITEM_TYPE.email, channel: 'email', path: '/email/task' },
  { type: CALENDAR_ITEM_TYPE.mms, channel: 'mms', path: '/mms/task' },
  { type: CALENDAR_ITEM_TYPE.vms, channel: 'voice', path: '/vms/task' },
] as const;

type TaskSource = (typeof TASK_SOURCES)[number];
const sourceOfChannel = (channel: string) => TASK_SOURCES.find((source) => source.channel === channel);
export const taskSourceOfType = (type: number): TaskSource | undefined =>
  TASK_SOURCES.find((source) => source.type === type);

/** The calendar is part of the Marketing hub: Automation or MarketingPlan (spec 000 §4; issue 14 item 7). */
export const CALENDAR_MODULES: readonly ModuleName[] = ['Automation', 'MarketingPlan'];

export async function requireCalendarModule(db: Db, userId: number, now: Date): Promise<void> {
  const plan = await planInForce(db, userId, now);
  if (!CALENDAR_MODULES.some((module) => plan?.modules.includes(module))) throw new ApiError(RetCode.ModuleNotInPlan);
}

/** Before it is sent: a status from which the lifecycle still allows cancelling. */
const scheduledStatusesOf = (channel: string) => channelOf(channel).lifecycles.task.statusesAllowing('task.cancel');

type TaskEventRow = Pick<
  TaskRow,
  | 'taskId'
  | 'channel'
  | 'sessionNo'
  | 'userId'
  | 'name'
  | 'sendAt'
  | 'sendType'
  | 'status'
  | 'resultState'
  | 'startedAt'
>;

/** A scheduled task whose lifecycle still waits for its time: the only kind a drag may move. */
export function taskMovable(task: TaskEventRow, now: Date): boolean {
  return (
    task.sendType === 'scheduled' &&
    task.startedAt === null &&
    task.sendAt.getTime() > now.getTime() &&
    taskCan(task as TaskRow, 'send.start')
  );
}

export function taskEventOf(task: TaskEventRow, now: Date): CalendarEvent {
  const source = sourceOfChannel(task.channel)!;
  return {
    Type: source.type,
    Id: task.taskId,
    Title: task.name,
    StartTime: Math.floor(task.sendAt.getTime() / 1000),
    State: task.startedAt ? CALENDAR_EVENT_STATE.sent : CALENDAR_EVENT_STATE.scheduled,
    Link: `${source.path}/${task.taskId}/${task.userId}/${task.sessionNo}`,
    Movable: taskMovable(task, now),
  };
}

export interface CalendarQuery {
  userId: number;
  from: Date;
  to: Date;
  /** none: every type */
  types?: readonly number[];
  now: Date;
}

const wanted = (query: CalendarQuery, type: CalendarItemType) => !query.types || query.types.includes(type);

async function taskEvents(db: Db, query: CalendarQuery): Promise<CalendarEvent[]> {
  const sources = TASK_SOURCES.filter((source) => wanted(query, source.type));
  if (sources.length === 0) return [];
  const perChannel: SQL[] = sources.map((source) =>
    and(
      eq(channelTasks.channel, source.channel),
      ne(channelTasks.status, deletedStatusOf(source.channel)),
      or(isNotNull(channelTasks.startedAt), inArray(channelTasks.status, scheduledStatusesOf(source.channel))),
    )!,
  );
  const rows = await db
    .select({
      taskId: channelTasks.taskId,
      channel: channelTasks.channel,
      sessionNo: channelTasks.sessionNo,
      userId: channelTasks.userId,
      name: channelTasks.name,
      sendAt: channelTasks.sendAt,
      sendType: channelTasks.sendType,
      status: channelTasks.status,
      resultState: channelTasks.resultState,
      startedAt: channelTasks.startedAt,
    })
    .from(channelTasks)
    .where(
      and(
        eq(channelTasks.userId, query.userId),
        gte(channelTasks.sendAt, query.from),
        lt(channelTasks.sendAt, query.to),
        or(...perChannel),
      ),
    )
    .orderBy(asc(channelTasks.sendAt), asc(channelTasks.id));
  return rows.map((row) => taskEventOf(row, query.now));
}

const TG_TITLE_LENGTH = 60;
const TG_SHOWN = [TG_POST_STATUS.Submitted, TG_POST_STATUS.Sending, TG_POST_STATUS.Completed];

async function telegramEvents(db: Db, query: CalendarQuery): Promise<CalendarEvent[]> {
  if (!wanted(query, CALENDAR_ITEM_TYPE.tg)) return [];
  const rows = await db
    .select({ postId: tgPosts.postId, text: tgPosts.text, status: tgPosts.status, sendTime: tgPosts.sendTime })
    .from(tgPosts)
    .where(
      and(
        eq(tgPosts.userId, query.userId),
        inArray(tgPosts.status, TG_SHOWN),
        gte(tgPosts.sendTime, query.from),
        lt(tgPosts.sendTime, query.to),
      ),
    )
    .orderBy(asc(tgPosts.sendTime), asc(tgPosts.id));
  return rows.map((row) => ({
    Type: CALENDAR_ITEM_TYPE.tg,
    Id: row.postId,
    Title: row.text.length > TG_TITLE_LENGTH ? `${row.text.slice(0, TG_TITLE_LENGTH - 1)}…` : row.text,
    StartTime: Math.floor(row.sendTime!.getTime() / 1000),
    State: row.status === TG_POST_STATUS.Submitted ? CALENDAR_EVENT_STATE.scheduled : CALENDAR_EVENT_STATE.sent,
    // Telegram posts have no detail page: the list shows each post's groups and results.
    Link: '/mkthub/tglist',
    Movable: false,
  }));
}

export async function listCalendarEvents(db: Db, query: CalendarQuery): Promise<CalendarEvent[]> {
  const tasks = await taskEvents(db, query);
  const posts = await telegramEvents(db, query);
  const social = await socialPostEvents(db, query);
  const plans = await planEvents(db, query);
  return [...tasks, ...posts, ...social, ...plans].sort((a, b) => a.StartTime - b.StartTime);
}
