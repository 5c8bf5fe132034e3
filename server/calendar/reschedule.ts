import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/database';
import { channelTasks } from '../db/schema';
import type { JobQueue } from '../queue';
import { QUEUE, enqueueAfterCommit } from '../queue';
import { ApiError, notFound } from '../errors';
import { RetCode } from '../../src/gateway/contract/retcodes';
import type { CalendarEvent } from '../../src/gateway/contract/actions/calendar';
import { taskEventOf, taskMovable, taskSourceOfType } from './events';
import { reschedulePlanEvent } from './plan-events';
import { CALENDAR_ITEM_TYPE } from '../../src/gateway/contract/calendar';

// Drag to reschedule (docs/decisions.md "Calendar"; a plan's events: "Plans on the calendar"): only a scheduled task its lifecycle still holds in
// Waiting (the lifecycle allows `send.start`, nothing started) moves, and only to a later time than now.
// The status is untouched: the task start job reads send_at when it runs, so a later time simply waits;
// an earlier one gets a start job at the new time (a spare start job finds nothing to do).

export interface RescheduleInput {
  userId: number;
  type: number;
  taskId: string;
  sendAt: Date;
  now: Date;
}

export async function rescheduleCalendarEvent(
  deps: { db: Db; jobs: JobQueue },
  input: RescheduleInput,
): Promise<CalendarEvent> {
  if (input.type === CALENDAR_ITEM_TYPE.plan)
    return reschedulePlanEvent(deps.db, {
      userId: input.userId,
      id: input.taskId,
      sendAt: input.sendAt,
      now: input.now,
    });
  const source = taskSourceOfType(input.type);
  if (!source) throw new ApiError(RetCode.CalendarEventNotMovable);
  const moved = await deps.db.transaction(async (tx) => {
    const [task] = await tx
      .select()
      .from(channelTasks)
      .where(
        and(
          eq(channelTasks.userId, input.userId),
          eq(channelTasks.channel, source.channel),
          eq(channelTasks.taskId, input.taskId),
        ),
      )
      .for('update');
    if (!task) throw notFound();
    if (!taskMovable(task, input.now)) throw new ApiError(RetCode.CalendarEventNotMovable);
    if (input.sendAt.getTime() <= input.now.getTime()) throw new ApiError(RetCode.ScheduleInPast);
    const [row] = await tx
      .update(channelTasks)
      .set({ sendAt: input.sendAt })
      .where(eq(channelTasks.id, task.id))
      .returning();
    return row;
  });
  await enqueueAfterCommit(deps, QUEUE.taskStart, { taskId: moved.id }, { startAfter: moved.sendAt });
  return taskEventOf(moved, input.now);
}
