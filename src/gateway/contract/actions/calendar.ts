import { z } from 'zod';
import { defineAction } from './define';
import { unixSeconds } from './sms-common';
import { CALENDAR_ITEM_TYPE, CALENDAR_MAX_RANGE_DAYS } from '../calendar';

// The marketing calendar (issue 14 items 6 and 8; docs/decisions.md "Calendar"). ListCalendarEvent is
// spec 000 §7's; RescheduleCalendarEvent is Herald's (drag to reschedule).

const itemType = z
  .number()
  .int()
  .refine((value) => Object.values(CALENDAR_ITEM_TYPE).includes(value as never), 'validation:invalid');

const event = z.object({
  /** CALENDAR_ITEM_TYPE */
  Type: z.number(),
  Id: z.string(),
  Title: z.string(),
  /** unix seconds */
  StartTime: z.number(),
  /** CALENDAR_EVENT_STATE: 1 scheduled, 2 sent */
  State: z.number(),
  /** The item's detail page in the console. */
  Link: z.string(),
  /** Whether RescheduleCalendarEvent may move it now (a scheduled task still waiting for its time). */
  Movable: z.boolean(),
});
export type CalendarEvent = z.infer<typeof event>;

const listInput = z
  .object({
    BeginTime: unixSeconds,
    EndTime: unixSeconds,
    /** none: every type */
    Types: z.array(itemType).max(8).optional(),
  })
  .strict()
  .refine((value) => value.EndTime > value.BeginTime, { path: ['EndTime'], message: 'validation:calendarRangeOrder' })
  .refine((value) => value.EndTime - value.BeginTime <= CALENDAR_MAX_RANGE_DAYS * 86_400, {
    path: ['EndTime'],
    message: 'validation:calendarRangeTooLong',
  });

export const calendarActions = {
  ListCalendarEvent: defineAction('user', listInput, z.object({ Events: z.array(event) })),
  RescheduleCalendarEvent: defineAction(
    'user',
    z
      .object({
        Type: itemType,
        Id: z.string().trim().min(1).max(64),
        /** unix seconds; must be later than now */
        StartTime: unixSeconds,
      })
      .strict(),
    z.object({ Event: event }),
  ),
};
