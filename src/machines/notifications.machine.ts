import { assign, setup } from 'xstate';

// Spec 000 §9: at most 3 at once, auto-hide after 3 s, top centre, success by default.
export const MAX_NOTIFICATIONS = 3;
export const AUTO_HIDE_MS = 3_000;

export type NotificationLevel = 'success' | 'info' | 'warning' | 'error';

export interface Notification {
  id: number;
  level: NotificationLevel;
  /** Already translated text. */
  message: string;
  expiresAt: number;
}

export interface NotificationsContext {
  items: Notification[];
  nextId: number;
  now: () => number;
}

export type NotificationsEvent =
  { type: 'notify.push'; message: string; level?: NotificationLevel } | { type: 'notify.dismiss'; id: number };

export const notificationsMachine = setup({
  types: {
    context: {} as NotificationsContext,
    events: {} as NotificationsEvent,
    input: {} as { now?: () => number },
  },
  guards: {
    isEmpty: ({ context }) => context.items.length === 0,
  },
  actions: {
    push: assign(({ context, event }) => {
      if (event.type !== 'notify.push') return {};
      const item: Notification = {
        id: context.nextId,
        level: event.level ?? 'success',
        message: event.message,
        expiresAt: context.now() + AUTO_HIDE_MS,
      };
      return { items: [...context.items, item].slice(-MAX_NOTIFICATIONS), nextId: context.nextId + 1 };
    }),
    dismiss: assign(({ context, event }) =>
      event.type === 'notify.dismiss' ? { items: context.items.filter((item) => item.id !== event.id) } : {},
    ),
    // Every item lives the same 3 s, so the oldest is always the next to expire.
    dropOldest: assign(({ context }) => ({ items: context.items.slice(1) })),
  },
  delays: {
    untilNextExpiry: ({ context }) => Math.max(0, (context.items[0]?.expiresAt ?? context.now()) - context.now()),
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ items: [], nextId: 1, now: input?.now ?? Date.now }),
  initial: 'idle',
  states: {
    idle: {
      on: { 'notify.push': { target: 'showing', actions: 'push' } },
    },
    showing: {
      always: { guard: 'isEmpty', target: 'idle' },
      after: { untilNextExpiry: { target: 'showing', reenter: true, actions: 'dropOldest' } },
      on: {
        'notify.push': { target: 'showing', reenter: true, actions: 'push' },
        'notify.dismiss': { target: 'showing', reenter: true, actions: 'dismiss' },
      },
    },
  },
});
