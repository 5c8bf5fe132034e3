import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of the voice (VMS) area. Mutations invalidate through vmsKeys, never hand-typed arrays.

export const vmsKeys = {
  all: ['vms'] as const,
  audio: () => [...vmsKeys.all, 'audio'] as const,
  templates: () => [...vmsKeys.all, 'templates'] as const,
  tasks: () => [...vmsKeys.all, 'tasks'] as const,
  records: () => [...vmsKeys.all, 'records'] as const,
};

/** How often the list asks again while a file is Processing (a transcode takes seconds). */
const PROCESSING_POLL_MS = 2_000;

/** The voice files; refreshes itself while `refetchWhile` says a file on the page is still Processing. */
export const vmsAudioListQuery = (
  input: ActionInput<'GetUVMSAudioList'>,
  refetchWhile?: (data: { List: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...vmsKeys.audio(), 'list', input],
    queryFn: () => call('GetUVMSAudioList', input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      refetchWhile && query.state.data && refetchWhile(query.state.data) ? PROCESSING_POLL_MS : false,
  });

/** The WAV's short-lived address for the player (a MediaURL lives an hour; asked again after 10 minutes). */
export const vmsAudioPlayUrlQuery = (audioId: string) =>
  queryOptions({
    queryKey: [...vmsKeys.audio(), 'play', audioId],
    queryFn: () => call('GetUVMSAudioPlayUrl', { AudioId: audioId }, { silent: true }),
    staleTime: 10 * 60_000,
  });

/** The voice templates; refreshes itself while `refetchWhile` says one on the page is still in review. */
export const vmsTemplateListQuery = (
  input: ActionInput<'GetUVMSTemplateList'>,
  refetchWhile?: (data: { Templates: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...vmsKeys.templates(), 'list', input],
    queryFn: () => call('GetUVMSTemplateList', input),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      refetchWhile && query.state.data && refetchWhile(query.state.data) ? PROCESSING_POLL_MS : false,
  });

/** One voice template (the editor's starting point when updating or recreating). */
export const vmsTemplateQuery = (templateId: string) =>
  queryOptions({
    queryKey: [...vmsKeys.templates(), 'one', templateId],
    queryFn: () => call('GetUVMSTemplate', { TemplateId: templateId }),
  });

/** Refreshes every 3 s while `moving` says something on the page is still moving. */
const refetchWhileMoving =
  <T>(moving?: (data: T) => boolean) =>
  (query: { state: { data?: T } }) =>
    moving && query.state.data !== undefined && moving(query.state.data) ? 3_000 : false;

/** A voice task list (or one task, TaskId): while a task on it is not final, it refreshes itself. */
export const vmsTaskListQuery = (
  input: ActionInput<'GetUVMSSendTask'>,
  moving?: (data: { Tasks: { Status: number }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...vmsKeys.tasks(), 'list', input],
    queryFn: () => call('GetUVMSSendTask', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileMoving(moving),
  });

/** Call records; refreshes itself while a call on the page has no outcome yet. */
export const vmsRecordsQuery = (
  input: ActionInput<'GetUVMSSendRecord'>,
  moving?: (data: { Records: { Result: string }[] }) => boolean,
) =>
  queryOptions({
    queryKey: [...vmsKeys.records(), input],
    queryFn: () => call('GetUVMSSendRecord', input),
    placeholderData: keepPreviousData,
    refetchInterval: refetchWhileMoving(moving),
  });
