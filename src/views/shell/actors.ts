import { createActorContext } from '@xstate/react';
import { sessionMachine } from '../../machines/session.machine';
import { notificationsMachine } from '../../machines/notifications.machine';
import { subscriptionMachine } from '../../machines/subscription.machine';
import { inspectActor } from '../../statecharts/inspection-bus';

// The console-wide actors (ARCHITECTURE.md: createActorContext for shared actors), inspected live.
export const SessionActor = createActorContext(sessionMachine, { inspect: inspectActor });
export const NotificationsActor = createActorContext(notificationsMachine, { inspect: inspectActor });
/** The plan, banner and welcome dialog of the signed-in account (provided by the console layout). */
export const SubscriptionActor = createActorContext(subscriptionMachine, { inspect: inspectActor });

/** Shorthand for views: push a translated message as a notification. */
export function useNotify() {
  const actor = NotificationsActor.useActorRef();
  return (message: string, level: 'success' | 'info' | 'warning' | 'error' = 'success') =>
    actor.send({ type: 'notify.push', message, level });
}
