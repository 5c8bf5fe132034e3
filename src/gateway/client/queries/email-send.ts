import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of e-mail sending (/email/message, /email/task/…). Mutations invalidate through emailSendKeys.

export const emailSendKeys = {
  all: ['email-send'] as const,
  tasks: () => [...emailSendKeys.all, 'tasks'] as const,
  records: () => [...emailSendKeys.all, 'records'] as const,
  trace: () => [...emailSendKeys.all, 'trace'] as const,
  statistics: () => [...emailSendKeys.all, 'statistics'] as const,
};

/** Refreshes every 3 s while `moving` says something on the page is still moving. */
const refetchWhile =
  <T>(moving?: (data: T) => boolean) =>
  (query: { state: { data?: T } }) =>
    moving && query.state.data !== undefined && moving(query.state.data) ? 3_000 : false;

/** A task list (or one task, TaskId): while a task on it is not final, it refreshes itself. */
export const emailTaskListQuery = (
  input: ActionInput<'GetEmailSendTask'>,
  moving?: (data: { Tasks: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...emailSendKeys.tasks(), 'list', input],
    queryFn: () => call('GetEmailSendTask', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhile(moving),
  });

export const emailRecordsQuery = (
  input: ActionInput<'GetEmailSendRecord'>,
  moving?: (data: { Records: { Result: string }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...emailSendKeys.records(), input],
    queryFn: () => call('GetEmailSendRecord', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhile(moving),
  });

/** A task's trace statistics (opens, clicks, unsubscribes, reading conversion): read again every 10 s. */
export const emailTraceQuery = (taskId: string) =>
  queryOptions({
    queryKey: [...emailSendKeys.trace(), taskId],
    queryFn: () => call('GetEmailTraceStatistic', { TaskId: taskId }),
    refetchInterval: 10_000,
  });

/** Sends by day, week or month with e-mail's results (/email/analytics, /email/overview). */
export const emailStatisticsQuery = (input: ActionInput<'GetEmailSendStatistics'>) =>
  queryOptions({
    queryKey: [...emailSendKeys.statistics(), 'sends', input],
    queryFn: () => call('GetEmailSendStatistics', input),
    placeholderData: keepPreviousData,
  });

/** Opens, clicks, unsubscribes and reading conversion of the mails sent in a range. */
export const emailTraceStatisticsQuery = (input: ActionInput<'GetEmailTraceStatistics'>) =>
  queryOptions({
    queryKey: [...emailSendKeys.statistics(), 'trace', input],
    queryFn: () => call('GetEmailTraceStatistics', input),
    placeholderData: keepPreviousData,
  });
