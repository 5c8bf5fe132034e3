import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session.machine';
import { notificationsMachine } from '../../machines/notifications.machine';
import { inspectActor } from '../flows/inspection-bus';

// The console-wide actors (ARCHITECTURE.md: createActorContext for shared actors), inspected live.
export const SessionActor = createActorContext(sessionMachine, { inspect: inspectActor });
export const NotificationsActor = createActorContext(notificationsMachine, { inspect: inspectActor });

/** Shorthand for views: push a translated message as a notification. */
export function useNotify() {
  const actor = NotificationsActor.useActorRef();
  return (message: string, level: 'success' | 'info' | 'warning' | 'error' = 'success') =>
    actor.send({ type: 'notify.push', message, level });
}
