import { expect } from 'vitest';
import { notificationsMachine, MAX_NOTIFICATIONS } from '../../src/machines/notifications.machine';
import { testModel } from './harness';

testModel('notifications.machine', {
  machine: notificationsMachine,
  input: (clock) => ({ now: () => clock.now() }),
  events: {
    'notify.push': [{ message: 'Saved' }, { message: 'Failed', level: 'error' }],
    'notify.dismiss': [{ id: 1 }],
  },
  serializeState: (s) => JSON.stringify([s.value, s.context.items.length]),
  states: {
    showing: (s) => {
      expect(s.context.items.length).toBeGreaterThan(0);
      expect(s.context.items.length).toBeLessThanOrEqual(MAX_NOTIFICATIONS);
    },
    idle: (s) => expect(s.context.items).toEqual([]),
  },
});
