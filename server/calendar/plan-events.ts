import { and, asc, eq, gte, isNotNull, lt, ne } from 'drizzle-orm';
import type { Db } from '../db/database';
import { mktPlans } from '../db/schema';
import { ApiError, notFound } from '../errors';
import { schedulePlan } from '../plans/schedule';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { MKT_PLAN_STATUS } from '../../src/gateway/contract/statuses';
import { CALENDAR_EVENT_STATE, CALENDAR_ITEM_TYPE } from '../../src/gateway/contract/calendar';
import { PLAN_LIMITS } from '../../src/gateway/contract/actions/mkt-plans';
import type { CalendarEvent } from '../../src/gateway/contract/actions/calendar';

// Marketing plans on the calendar (type 5; docs/decisions.md "Plans on the calendar"): a scheduled plan shows
// each step of its strategy on its day (start + Day days), or its start alone when it has no steps. Until the
// plan's start has passed, a drag of any step moves the whole plan by as much.

const DAY_MS = 86_400_000;
const TITLE_LENGTH = 60;
/** Event ids: `<PlanId>.<step index in day order>`; a plan without steps has `<PlanId>.0` for its start. */
const eventId = (planId: string, index: number) => `${planId}.${index}`;

type PlanEventRow = Pick<typeof mktPlans.$inferSelect, 'planId' | 'name' | 'content' | 'startAt'>;

const clip = (text: string) => (text.length > TITLE_LENGTH ? `${text.slice(0, TITLE_LENGTH - 1)}…` : text);

/** The plan's events: one per step (or its start), each with the step's day and text. */
function eventsOf(plan: PlanEventRow, now: Date): (CalendarEvent & { at: Date })[] {
  const start = plan.startAt!;
  const steps = plan.content?.Steps.length ? plan.content.Steps : [{ Day: 0, Text: '' }];
  const movable = start.getTime() > now.getTime();
  return steps.map((step, index) => {
    const at = new Date(start.getTime() + step.Day * DAY_MS);
    return {
      at,
      Type: CALENDAR_ITEM_TYPE.plan,
      Id: eventId(plan.planId, index),
      Title: clip(step.Text ? `${plan.name}: ${step.Text}` : plan.name),
      StartTime: Math.floor(at.getTime() / 1000),
      State: at.getTime() > now.getTime() ? CALENDAR_EVENT_STATE.scheduled : CALENDAR_EVENT_STATE.sent,
      Link: `/mkthub/detailsplan/${plan.planId}`,
      Movable: movable,
    };
  });
}

const columns = { planId: mktPlans.planId, name: mktPlans.name, content: mktPlans.content, startAt: mktPlans.startAt };

export async function planEvents(
  db: Db,
  query: { userId: number; from: Date; to: Date; now: Date; types?: readonly number[] },
): Promise<CalendarEvent[]> {
  if (query.types && !query.types.includes(CALENDAR_ITEM_TYPE.plan)) return [];
  // A step is at most PLAN_LIMITS.dayMax days after its plan's start.
  const rows = await db
    .select(columns)
    .from(mktPlans)
    .where(
      and(
        eq(mktPlans.userId, query.userId),
        ne(mktPlans.status, MKT_PLAN_STATUS.Deleted),
        isNotNull(mktPlans.startAt),
        gte(mktPlans.startAt, new Date(query.from.getTime() - PLAN_LIMITS.dayMax * DAY_MS)),
        lt(mktPlans.startAt, query.to),
      ),
    )
    .orderBy(asc(mktPlans.startAt), asc(mktPlans.id));
  return rows
    .flatMap((plan) => eventsOf(plan, query.now))
    .filter((event) => event.at >= query.from && event.at < query.to)
    .map(({ at: _at, ...event }) => event);
}

/** A drag of one of a plan's events: the plan's start moves by as much (its start must still be ahead). */
export async function reschedulePlanEvent(
  db: Db,
  input: { userId: number; id: string; sendAt: Date; now: Date },
): Promise<CalendarEvent> {
  const match = /^(MP[0-9A-Za-z]{6,40})\.(\d{1,2})$/.exec(input.id);
  if (!match) throw notFound();
  const [plan] = await db
    .select(columns)
    .from(mktPlans)
    .where(
      and(
        eq(mktPlans.userId, input.userId),
        eq(mktPlans.planId, match[1]),
        ne(mktPlans.status, MKT_PLAN_STATUS.Deleted),
      ),
    );
  if (!plan?.startAt) throw notFound();
  const before = eventsOf(plan, input.now).find((event) => event.Id === input.id);
  if (!before) throw notFound();
  if (!before.Movable) throw new ApiError(RetCode.CalendarEventNotMovable);
  const start = new Date(plan.startAt.getTime() + (input.sendAt.getTime() - before.at.getTime()));
  await schedulePlan(db, input.userId, plan.planId, start, input.now);
  const { at: _at, ...moved } = eventsOf({ ...plan, startAt: start }, input.now).find(
    (event) => event.Id === input.id,
  )!;
  return moved;
}
