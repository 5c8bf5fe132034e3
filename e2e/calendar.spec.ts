import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { calendarRescheduleMachine } from '../src/machines/calendar-reschedule.machine';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { demoToken, failAction, passedTemplate, scheduledTask, signInDemo } from './sms-support';
import { api, unique } from './support';

// Issue 14 item 6: the marketing calendar. An SMS task scheduled through the gateway appears on its day,
// is dragged to another day (the reschedule machine's confirm), and the task list shows its new time; the
// keyboard's Move path; the page in Chinese; and the reschedule machine's generated paths.

const DAY_MS = 86_400_000;
const dayOf = (offset: number) => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);

type CalendarEvent = { Id: string; Title: string; Movable: boolean; StartTime: number };

/** A demo SMS task at 09:00 UTC `inDays` from now, once review lets the calendar move it. */
async function waitingTask(request: APIRequestContext, name: string, inDays = 1) {
  const token = await demoToken(request);
  const templateId = await passedTemplate(request, token);
  const TaskId = await scheduledTask(request, token, templateId, name, inDays);
  const now = Math.floor(Date.now() / 1000);
  await expect
    .poll(
      async () =>
        (
          await api<{ Events: CalendarEvent[] }>(
            request,
            'ListCalendarEvent',
            { BeginTime: now - 7 * 86_400, EndTime: now + 30 * 86_400 },
            token,
          )
        ).Events.find((event) => event.Id === TaskId)?.Movable,
      { timeout: 30_000 },
    )
    .toBe(true);
  return { TaskId, token };
}

const eventList = (page: Page) => page.getByRole('region', { name: /^Events in view$|^当前视图中的事件$/ });
const dialog = (page: Page) => page.getByTestId('confirm-dialog');

test('a scheduled SMS task is on the calendar, and a drag to another day reschedules it', async ({ page, request }) => {
  const name = unique('cal-drag');
  await waitingTask(request, name, 1);
  // The whole month in the window: a drag near its bottom edge would scroll the page under the pointer
  // (a week's row further down), as it did when tomorrow was a Saturday.
  await page.setViewportSize({ width: 1280, height: 1600 });
  await signInDemo(page, '/mkthub/calendar');
  await expect(page.getByRole('heading', { level: 1, name: 'Calendar' })).toBeVisible();
  await expect(eventList(page).getByRole('link', { name })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'SMS' })).toBeChecked();

  // the filter hides it, and brings it back
  await page.getByRole('checkbox', { name: 'SMS' }).uncheck();
  await expect(eventList(page).getByRole('link', { name })).toHaveCount(0);
  await page.getByRole('checkbox', { name: 'SMS' }).check();
  await expect(eventList(page).getByRole('link', { name })).toBeVisible();

  // drag it in the month grid from tomorrow to two days later
  const target = dayOf(3);
  const event = page.locator('.fc-daygrid-event').filter({ hasText: name });
  const cell = page.locator(`td.fc-daygrid-day[data-date="${target}"]`);
  const from = (await event.boundingBox())!;
  const to = (await cell.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 5, from.y + from.height / 2 + 5, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 15 });
  await page.mouse.up();
  await expect(dialog(page)).toContainText(name);
  await dialog(page).getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByText(`“${name}” now sends at`)).toBeVisible();

  await page.goto('/sms/message');
  const row = page.getByTestId('table-row').filter({ hasText: name });
  await expect(row).toContainText(target);
});

test('the keyboard path moves a task, a time in the past is refused, and the page speaks Chinese', async ({
  page,
  request,
  baseURL,
}) => {
  const name = unique('cal-key');
  await waitingTask(request, name, 2);
  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await signInDemo(page, '/mkthub/calendar');
  await expect(page.getByRole('heading', { level: 1, name: '日历' })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: '短信' })).toBeChecked();
  await expect(page.getByRole('button', { name: '添加事件' })).toBeVisible();

  await eventList(page)
    .getByRole('button', { name: `移动 ${name}` })
    .click();
  const field = page.getByLabel('新的发送时间');
  await field.fill('2020-01-01T09:00');
  await expect(page.getByRole('alert')).toContainText('请选择晚于当前的时间');
  await field.fill(`${dayOf(4)}T10:30`);
  await page.getByRole('button', { name: '继续' }).click();
  await dialog(page).getByRole('button', { name: '改期' }).click();
  await expect(page.getByText(`“${name}”现在将于`)).toBeVisible();
  await expect(eventList(page).getByRole('listitem').filter({ hasText: name })).toContainText(dayOf(4));
});

test('"Add event" opens a channel\'s send page', async ({ page }) => {
  await signInDemo(page, '/mkthub/calendar');
  await page.getByRole('button', { name: 'Add event' }).click();
  await page.getByRole('menuitem', { name: 'SMS task' }).click();
  await expect(page).toHaveURL(/\/sms\/sending$/);
});

// The reschedule machine's paths, on a task of the demo account through the keyboard's Move.
let pathTask = '';
const moveTo = () => `${dayOf(5)}T11:00`;

modelPathTests('calendarReschedule', {
  machine: calendarRescheduleMachine,
  longestOnly: true,
  async start(page: Page, path: PathInfo, request: APIRequestContext) {
    pathTask = unique('cal-path');
    await waitingTask(request, pathTask, 1);
    if (path.steps.some((step) => step.label === 'error: reschedule'))
      await failAction(page, 'RescheduleCalendarEvent');
    await signInDemo(page, '/mkthub/calendar');
  },
  drivers: {
    'move.ask [movableToFuture]': async (page) => {
      await eventList(page)
        .getByRole('button', { name: `Move ${pathTask}` })
        .click({ timeout: 30_000 });
      await page.getByLabel('New send time').fill(moveTo());
      await page.getByRole('button', { name: 'Continue' }).click();
    },
    'move.confirm': (page) => dialog(page).getByRole('button', { name: 'Reschedule' }).click(),
    'move.dismiss': async (page) => {
      if (await dialog(page).isVisible())
        await dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click();
      else await page.getByRole('alert').getByRole('button', { name: 'Close' }).click();
    },
    'done: reschedule': 'auto',
    'error: reschedule': 'auto',
  },
  states: {
    idle: async (page) => expect(dialog(page)).toBeHidden(),
    confirming: async (page) => expect(dialog(page)).toContainText(pathTask),
    // the page's own alert (the shell leaves out a refusal the page shows)
    failed: async (page) =>
      expect(page.getByRole('alert').filter({ has: page.getByRole('button', { name: 'Close' }) })).toBeVisible(),
  },
});
