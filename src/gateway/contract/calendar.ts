// The marketing calendar (issue 14 item 6; spec 001 §2 "Calendar item types" and states).

/** Spec 001's calendar item types. Condition (6) is not built yet (docs/decisions.md "Calendar"). */
export const CALENDAR_ITEM_TYPE = { sms: 1, email: 2, tg: 3, post: 4, plan: 5, condition: 6, mms: 7, vms: 8 } as const;
export type CalendarItemTypeName = keyof typeof CALENDAR_ITEM_TYPE;
export type CalendarItemType = (typeof CALENDAR_ITEM_TYPE)[CalendarItemTypeName];

/** The item types the calendar can show today, in legend order. */
export const CALENDAR_BUILT_TYPES = [
  CALENDAR_ITEM_TYPE.sms,
  CALENDAR_ITEM_TYPE.email,
  CALENDAR_ITEM_TYPE.mms,
  CALENDAR_ITEM_TYPE.vms,
  CALENDAR_ITEM_TYPE.tg,
  CALENDAR_ITEM_TYPE.post,
  CALENDAR_ITEM_TYPE.plan,
] as const;

export const CALENDAR_EVENT_STATE = { scheduled: 1, sent: 2 } as const;
export type CalendarEventState = (typeof CALENDAR_EVENT_STATE)[keyof typeof CALENDAR_EVENT_STATE];

/** The longest range one ListCalendarEvent call may ask for: a month view with its leading and trailing weeks. */
export const CALENDAR_MAX_RANGE_DAYS = 62;

export const calendarTypeName = (type: number): CalendarItemTypeName =>
  (Object.keys(CALENDAR_ITEM_TYPE) as CalendarItemTypeName[]).find((name) => CALENDAR_ITEM_TYPE[name] === type) ??
  'sms';
