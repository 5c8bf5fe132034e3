import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AnyStateMachine } from 'xstate';
import type { PathInfo } from '../src/statecharts/explore';
import { modelPathTests } from './model-paths';
import { demoToken, failAction, signInDemo } from './sms-support';
import { unique } from './support';

// The task cancel machines (the SMS cancel statechart under each channel's id) replayed on their task
// lists: each path starts on a task of the demo account waiting for tomorrow (the lifecycle allows
// cancelling it); a path through `error: cancelTask` makes the gateway unreachable for the cancel Action.

export interface TaskCancelChannel {
  machine: AnyStateMachine;
  /** The task list, '/mms/message'. */
  tasksPage: string;
  /** Adds a task of the demo account, named `name`, scheduled for tomorrow. */
  addWaitingTask: (request: APIRequestContext, token: string, name: string) => Promise<void>;
  cancelAction: string;
}

/** A send request's schedule for tomorrow 09:00 UTC: the task waits, so it can be cancelled. */
export function tomorrowMorning() {
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  return { SendType: 'scheduled', ScheduledTime: `${tomorrow} 09:00`, TimeZone: 'UTC' } as const;
}

const dialog = (page: Page) => page.getByTestId('confirm-dialog');

export function taskCancelPathTests(channel: TaskCancelChannel): void {
  let taskName = '';
  const taskRow = (page: Page) => page.getByTestId('table-row').filter({ hasText: taskName });

  async function start(page: Page, path: PathInfo, request: APIRequestContext) {
    taskName = unique(`${channel.machine.id}-task`);
    await channel.addWaitingTask(request, await demoToken(request), taskName);
    if (path.steps.some((step) => step.label === 'error: cancelTask')) await failAction(page, channel.cancelAction);
    await signInDemo(page, channel.tasksPage);
  }

  modelPathTests(channel.machine.id, {
    machine: channel.machine,
    longestOnly: true,
    start,
    drivers: {
      'cancel.ask [lifecycleAllowsCancel]': (page) =>
        taskRow(page).getByTestId('task-cancel').click({ timeout: 30_000 }),
      'cancel.confirm': (page) => dialog(page).getByRole('button', { name: 'Cancel task' }).click(),
      'cancel.dismiss': (page) => dialog(page).getByRole('button', { name: 'Cancel', exact: true }).click(),
      'done: cancelTask': 'auto',
      'error: cancelTask': 'auto',
    },
    states: {
      idle: async (page) => expect(dialog(page)).toBeHidden(),
      confirming: async (page) => expect(dialog(page)).toContainText(taskName),
      failed: async (page) => expect(dialog(page).getByRole('alert')).toBeVisible(),
    },
  });
}
