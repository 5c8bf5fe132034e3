import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { resendCountdownMachine } from '../../machines/resend-countdown.machine';

type CountdownRef = ActorRefFrom<typeof resendCountdownMachine>;

/**
 * Seconds left on the machine's `countdown` child (the resend-countdown machine), or null when no
 * countdown runs. The child ticks on its own, so its snapshot, not the parent's, is watched.
 */
export function useCountdownSeconds(actor: AnyActorRef | undefined): number | null {
  const child = useSelector(
    actor,
    (snapshot) =>
      (snapshot?.children as Record<string, AnyActorRef | undefined> | undefined)?.countdown as
        CountdownRef | undefined,
  );
  return useSelector(child, (snapshot) => (snapshot ? snapshot.context.remaining : null));
}
