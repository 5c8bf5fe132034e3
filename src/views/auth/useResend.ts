import { useSelector } from '@xstate/react';
import type { ActorRefFrom, AnyActorRef } from 'xstate';
import type { resendMachine } from '../../machines/resend.machine';
import { useCountdownSeconds } from '../common/useCountdownSeconds';

type ResendRef = ActorRefFrom<typeof resendMachine>;

/**
 * The screen machine's `resend` child (the one resend machine of activation, retrieve and
 * reset-password): its countdown, whether it can send now, and the send itself. The child runs on its
 * own, so its snapshot, not the parent's, is watched.
 */
export function useResend(actor: AnyActorRef) {
  const child = useSelector(
    actor,
    (snapshot) => (snapshot.children as Record<string, AnyActorRef | undefined>).resend as ResendRef | undefined,
  );
  const canResend = useSelector(child, (snapshot) => snapshot?.can({ type: 'mail.resend' }) ?? false);
  const resending = useSelector(child, (snapshot) => snapshot?.matches('resending') ?? false);
  const secondsLeft = useCountdownSeconds(child);
  return { canResend, resending, secondsLeft, resend: () => child?.send({ type: 'mail.resend' }) };
}
