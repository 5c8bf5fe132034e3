import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';

// Reads of the marketing calendar: the events of the visible range.

export const calendarKeys = {
  all: ['calendar'] as const,
  events: () => [...calendarKeys.all, 'events'] as const,
};

export const calendarEventsQuery = (input: ActionInput<'ListCalendarEvent'>) =>
  queryOptions({
    queryKey: [...calendarKeys.events(), input],
    queryFn: () => call('ListCalendarEvent', input),
    placeholderData: keepPreviousData,
  });
