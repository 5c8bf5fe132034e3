import { useEffect } from 'react';
import { useLabel } from '../../i18n/useLabel';
import { onGatewayEvent } from '../gateway-bridge';
import { NotificationsActor, SessionActor } from './actors';

const SHOWN_IN_PLACE_WAIT_MS = 50;

/** Spec 000 §8: RetCode errors become error notifications, the not-logged code ends the session. */
export function GatewayBridge() {
  const session = SessionActor.useActorRef();
  const notifications = NotificationsActor.useActorRef();
  const t = useLabel();
  useEffect(
    () =>
      onGatewayEvent((event) => {
        switch (event.type) {
          case 'gateway.notLogged':
            notifications.send({ type: 'notify.push', level: 'error', message: event.error.text });
            session.send({ type: 'session.expired' });
            break;
          case 'gateway.error': {
            // A refusal the page shows in place (it read the message) is not repeated as a notification.
            // The page's handlers run within a few microtasks of the refusal; the wait leaves them room.
            const { error } = event;
            setTimeout(() => {
              if (!error.shownInPlace) notifications.send({ type: 'notify.push', level: 'error', message: error.text });
            }, SHOWN_IN_PLACE_WAIT_MS);
            break;
          }
          case 'gateway.network':
            notifications.send({
              type: 'notify.push',
              level: 'error',
              message: event.error.timedOut
                ? t('errors:Timeout')
                : t('errors:NetworkError', { message: event.error.message }),
            });
            break;
        }
      }),
    [session, notifications, t],
  );
  return null;
}
