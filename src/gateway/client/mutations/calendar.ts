import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { calendarKeys } from '../queries/calendar';

// Writes of the marketing calendar: drag to reschedule.

export const rescheduleCalendarEventMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['calendar', 'RescheduleCalendarEvent'],
    mutationFn: (input: ActionInput<'RescheduleCalendarEvent'>) => call('RescheduleCalendarEvent', input),
    onSettled: () => client.invalidateQueries({ queryKey: calendarKeys.events() }),
  });
