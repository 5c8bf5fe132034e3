import type { HandlerMap } from '../../context';
import { listCalendarEvents, requireCalendarModule } from '../../calendar/events';
import { rescheduleCalendarEvent } from '../../calendar/reschedule';

// The marketing calendar (issue 14 items 6 and 8), behind Automation or MarketingPlan (spec 000 §4).
export const calendarHandlers: HandlerMap = {
  async ListCalendarEvent({ BeginTime, EndTime, Types }, ctx) {
    const now = ctx.clock.now();
    await requireCalendarModule(ctx.db, ctx.user.id, now);
    const events = await listCalendarEvents(ctx.db, {
      userId: ctx.user.id,
      from: new Date(BeginTime * 1000),
      to: new Date(EndTime * 1000),
      types: Types,
      now,
    });
    return { Events: events };
  },
  async RescheduleCalendarEvent({ Type, Id, StartTime }, ctx) {
    const now = ctx.clock.now();
    await requireCalendarModule(ctx.db, ctx.user.id, now);
    const event = await rescheduleCalendarEvent(ctx, {
      userId: ctx.user.id,
      type: Type,
      taskId: Id,
      sendAt: new Date(StartTime * 1000),
      now,
    });
    return { Event: event };
  },
};
