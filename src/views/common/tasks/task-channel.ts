import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ActionInput } from '../../../gateway/contract/actions/registry';
import type { SmsTask } from '../../../gateway/contract/actions/sms-records';
import type { TranslationKey } from '../../../i18n/keys';
import type { CancelTarget } from '../../../machines/sms-task-cancel.machine';
import type { BadgeTone } from '../../ui/Badge';

// The description of a channel's task views (SMS, MMS, e-mail): what the shared task list and task
// detail need to know about it. Each channel's page files build one and pass it in.

/** Cancel with a confirm step, from the channel's cancel machine (useTaskCancel). */
export interface TaskCancel {
  canAsk: (task: CancelTarget) => boolean;
  ask: (task: CancelTarget) => void;
  dialog: ReactNode;
}

/** The list filters every channel's task list Action takes (SMS also takes a tag and a time range). */
export type TaskListInput = Pick<
  ActionInput<'GetUSMSSendTask'>,
  'Page' | 'NumPerPage' | 'Keyword' | 'Status' | 'Tag' | 'BeginTime' | 'EndTime'
>;
export interface TaskList {
  Total: number;
  Tasks: SmsTask[];
}

/** A "send again" action: its label and the wizard's path prefilled from a task. */
export interface SendAgain {
  label: string;
  path: (task: SmsTask) => string;
}

/** Filters a channel adds to the list: its fields, and what they add to the list's input. */
export interface ExtraTaskFilters {
  fields: ReactNode;
  input: Partial<TaskListInput>;
}

export interface TaskChannel {
  testId: string;
  title: string;
  subtitle: string;
  newLabel: string;
  newPath: string;
  emptyTitle: string;
  emptyBody: string;
  detailPath: (task: SmsTask) => string;
  /** A "send again" row action (e-mail: /email/message/apply/{TaskId}), when the channel has one. */
  again?: SendAgain;
  /** The channel's list query; `moving` says whether the page must keep refreshing. */
  useTaskList: (
    input: TaskListInput,
    moving: (data: { Tasks: { Status: number }[] }) => boolean,
  ) => UseQueryResult<TaskList>;
  /** More filters after keyword and status; `resetPage` goes back to page 1 when one changes. */
  useExtraFilters?: (resetPage: () => void) => ExtraTaskFilters;
  /** The status filter: group name → its status codes, with each group's label. */
  groups: Record<string, readonly number[]>;
  groupLabel: (group: string) => string;
  statusView: (status: number) => { label: TranslationKey; tone: BadgeTone };
  isLive: (status: number) => boolean;
}
