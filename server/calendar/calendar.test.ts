import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RetCode } from '../../src/gateway/contract/retcodes';
import { CALENDAR_EVENT_STATE, CALENDAR_ITEM_TYPE } from '../../src/gateway/contract/calendar';
import type { CalendarEvent } from '../../src/gateway/contract/actions/calendar';
import { putOnOwnPlan } from '../testing/own-plan';
import { DAY_MS } from '../clock';
import {
  createAccount,
  createSmsTestServer,
  passedTemplate,
  waitFor,
  type SmsTestServer,
} from '../handlers/sms/sms-test-helpers';

// ListCalendarEvent and RescheduleCalendarEvent end to end (issue 14 items 6 and 8): a scheduled SMS task
// appears as scheduled and movable, moves only forward in time and only while waiting, a sent one is
// listed as sent; other tenants see nothing of it; the Marketing hub's module gate and the range limit.

let server: SmsTestServer;
let templateId: string;
beforeAll(async () => {
  server = await createSmsTestServer();
  templateId = await passedTemplate(server);
}, 400_000);
afterAll(() => server.close());

const nowSeconds = () => Math.floor(server.deps.clock.now().getTime() / 1000);
const list = (input: Record<string, unknown>, token = server.token) =>
  server.call<{ Events: CalendarEvent[] }>('ListCalendarEvent', input, token);
const around = (days = 30) => ({ BeginTime: nowSeconds() - days * 86_400, EndTime: nowSeconds() + days * 86_400 });

async function accountOnPlan(modules: string[]) {
  const account = await createAccount(server, { smsBalance: 10_000_000 });
  await putOnOwnPlan(server.deps, account.id, { key: 'calendar-test', modules });
  return account;
}

async function scheduledTask(name: string, inDays: number) {
  const at = new Date(server.deps.clock.now().getTime() + inDays * DAY_MS).toISOString().slice(0, 10) + ' 09:30';
  const added = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
    TaskName: name,
    TemplateId: templateId,
    CountryCode: 'US',
    Phones: ['4155550100'],
    SendType: 'scheduled',
    ScheduledTime: at,
    TimeZone: 'UTC',
  });
  expect(added.RetCode).toBe(0);
  return added.Data.TaskId;
}

const eventOf = async (id: string, token = server.token) =>
  (await list(around(), token)).Data.Events.find((event) => event.Id === id);

describe('ListCalendarEvent', () => {
  it('shows a scheduled SMS task as scheduled and movable once it waits, with its detail link', async () => {
    const taskId = await scheduledTask('Calendar later', 3);
    const event = await waitFor(
      () => eventOf(taskId),
      (found) => found?.Movable === true,
    );
    expect(event).toMatchObject({
      Type: CALENDAR_ITEM_TYPE.sms,
      Title: 'Calendar later',
      State: CALENDAR_EVENT_STATE.scheduled,
    });
    expect(event!.Link).toMatch(new RegExp(`^/sms/task/${taskId}/\\d+/`));
  });

  it('lists a sent task as sent and not movable, and filters by type', async () => {
    const sent = await server.call<{ TaskId: string }>('AddUSMSSendTask', {
      TaskName: 'Calendar now',
      TemplateId: templateId,
      CountryCode: 'US',
      Phones: ['4155550101'],
      SendType: 'immediate',
    });
    const event = await waitFor(
      () => eventOf(sent.Data.TaskId),
      (found) => found?.State === CALENDAR_EVENT_STATE.sent,
    );
    expect(event!.Movable).toBe(false);
    const moved = await server.call('RescheduleCalendarEvent', {
      Type: CALENDAR_ITEM_TYPE.sms,
      Id: sent.Data.TaskId,
      StartTime: nowSeconds() + 86_400,
    });
    expect(moved.RetCode).toBe(RetCode.CalendarEventNotMovable);
    const emailOnly = await list({ ...around(), Types: [CALENDAR_ITEM_TYPE.email] });
    expect(emailOnly.Data.Events.some((e) => e.Id === sent.Data.TaskId)).toBe(false);
  });

  it('keeps tenants apart', async () => {
    const taskId = await scheduledTask('Calendar private', 2);
    const other = await accountOnPlan(['Automation']);
    expect((await list(around(), other.token)).Data.Events).toEqual([]);
    const moved = await server.call(
      'RescheduleCalendarEvent',
      { Type: CALENDAR_ITEM_TYPE.sms, Id: taskId, StartTime: nowSeconds() + 5 * 86_400 },
      other.token,
    );
    expect(moved.RetCode).toBe(RetCode.NotFound);
  });

  it('is open to Automation or MarketingPlan, and refused without either', async () => {
    const planner = await accountOnPlan(['MarketingPlan']);
    expect((await list(around(), planner.token)).RetCode).toBe(0);
    const analyst = await accountOnPlan(['Analysis']);
    expect((await list(around(), analyst.token)).RetCode).toBe(RetCode.ModuleNotInPlan);
    const none = await createAccount(server);
    expect((await list(around(), none.token)).RetCode).toBe(RetCode.ModuleNotInPlan);
  });

  it.each([
    [{ BeginTime: 100, EndTime: 100 + 63 * 86_400 }, 'validation:calendarRangeTooLong'],
    [{ BeginTime: 200, EndTime: 100 }, 'validation:calendarRangeOrder'],
    [{ BeginTime: 100, EndTime: 200, Types: [9] }, 'validation:invalid'],
    [{ BeginTime: 100, EndTime: 200, UserId: 1 }, ''],
  ])('refuses %j', async (input, key) => {
    const reply = await list(input);
    expect(reply.RetCode).toBe(RetCode.ValidationError);
    expect(JSON.stringify(reply.Data)).toContain(key);
  });
});

describe('RescheduleCalendarEvent', () => {
  it('moves a waiting task to a later time, refuses the past, and answers in Chinese', async () => {
    const taskId = await scheduledTask('Calendar move', 4);
    await waitFor(
      () => eventOf(taskId),
      (found) => found?.Movable === true,
    );
    const target = nowSeconds() + 6 * 86_400;
    const moved = await server.call<{ Event: CalendarEvent }>('RescheduleCalendarEvent', {
      Type: CALENDAR_ITEM_TYPE.sms,
      Id: taskId,
      StartTime: target,
    });
    expect(moved.Data.Event).toMatchObject({ Id: taskId, StartTime: target, Movable: true });
    const detail = await server.call<{ Task: { SendTime: number } }>('DescribeUSMSSendTaskStatistics', {
      TaskId: taskId,
    });
    expect(detail.Data.Task).toMatchObject({ SendTime: target });

    const past = await server.api(
      'RescheduleCalendarEvent',
      { Type: CALENDAR_ITEM_TYPE.sms, Id: taskId, StartTime: nowSeconds() - 60 },
      { token: server.token, lang: 'zh' },
    );
    expect(past.RetCode).toBe(RetCode.ScheduleInPast);
    expect(past.Message).toMatch(/[\u4e00-\u9fff]/);
    const telegram = await server.call('RescheduleCalendarEvent', {
      Type: CALENDAR_ITEM_TYPE.tg,
      Id: 'TG123456',
      StartTime: target,
    });
    expect(telegram.RetCode).toBe(RetCode.CalendarEventNotMovable);
  });
});

describe('plans on the calendar (type 5, ScheduleMKTPlan)', () => {
  it('shows a scheduled plan step by step, moves the whole plan by a drag, and keeps tenants apart', async () => {
    const owner = await accountOnPlan(['MarketingPlan']);
    const saved = await server.call<{ PlanId: string }>(
      'SaveMKTPlan',
      {
        Name: 'Calendar plan',
        Aim: 1,
        Industry: 'Retail',
        ProductCategory: 'Shoes',
        Type: 'promotion',
        Tone: 'friendly',
        Channels: ['sms', 'email'],
        Content: {
          Goal: 'Sell',
          Audience: 'Shoppers',
          Steps: [
            { Channel: 'sms', Day: 0, Text: 'Sale starts' },
            { Channel: 'email', Day: 3, Text: 'Last days' },
          ],
        },
      },
      owner.token,
    );
    const planId = saved.Data.PlanId;
    const start = nowSeconds() + 2 * 86_400;
    const past = await server.call('ScheduleMKTPlan', { PlanId: planId, StartTime: nowSeconds() - 60 }, owner.token);
    expect(past.RetCode).toBe(RetCode.ScheduleInPast);
    const scheduled = await server.call('ScheduleMKTPlan', { PlanId: planId, StartTime: start }, owner.token);
    expect(scheduled.Data).toEqual({ PlanId: planId, StartTime: start });

    const planEvents = async (token = owner.token) =>
      (await list({ ...around(), Types: [CALENDAR_ITEM_TYPE.plan] }, token)).Data.Events;
    expect(await planEvents()).toEqual([
      expect.objectContaining({
        Type: CALENDAR_ITEM_TYPE.plan,
        Id: `${planId}.0`,
        Title: 'Calendar plan: Sale starts',
        StartTime: start,
        State: CALENDAR_EVENT_STATE.scheduled,
        Link: `/mkthub/detailsplan/${planId}`,
        Movable: true,
      }),
      expect.objectContaining({ Id: `${planId}.1`, StartTime: start + 3 * 86_400 }),
    ]);
    // another account sees none of it and moves nothing
    const other = await accountOnPlan(['MarketingPlan']);
    expect(await planEvents(other.token)).toEqual([]);
    const foreign = { Type: CALENDAR_ITEM_TYPE.plan, Id: `${planId}.1`, StartTime: start + 9 * 86_400 };
    expect((await server.call('RescheduleCalendarEvent', foreign, other.token)).RetCode).toBe(RetCode.NotFound);
    expect((await server.call('ScheduleMKTPlan', { PlanId: planId, StartTime: null }, other.token)).RetCode).toBe(
      RetCode.NotFound,
    );

    // dragging the day-3 step one day later moves day 0 with it
    const moved = await server.call<{ Event: CalendarEvent }>(
      'RescheduleCalendarEvent',
      { Type: CALENDAR_ITEM_TYPE.plan, Id: `${planId}.1`, StartTime: start + 4 * 86_400 },
      owner.token,
    );
    expect(moved.Data.Event).toMatchObject({ Id: `${planId}.1`, StartTime: start + 4 * 86_400 });
    expect((await planEvents()).map((event) => event.StartTime)).toEqual([start + 86_400, start + 4 * 86_400]);
    // a drag that would put day 0 in the past is refused
    const tooEarly = await server.call(
      'RescheduleCalendarEvent',
      { Type: CALENDAR_ITEM_TYPE.plan, Id: `${planId}.1`, StartTime: nowSeconds() + 3600 },
      owner.token,
    );
    expect(tooEarly.RetCode).toBe(RetCode.ScheduleInPast);
    const listed = await server.call<{ Plans: { PlanId: string; StartTime: number }[] }>(
      'ListMKTPlan',
      {},
      owner.token,
    );
    expect(listed.Data.Plans.find((plan) => plan.PlanId === planId)?.StartTime).toBe(start + 86_400);

    // taken off the calendar, and a deleted plan is gone from it
    await server.call('ScheduleMKTPlan', { PlanId: planId, StartTime: null }, owner.token);
    expect(await planEvents()).toEqual([]);
    await server.call('ScheduleMKTPlan', { PlanId: planId, StartTime: start }, owner.token);
    await server.call('DeleteMKTPlan', { PlanIds: [planId] }, owner.token);
    expect(await planEvents()).toEqual([]);
  });
});
