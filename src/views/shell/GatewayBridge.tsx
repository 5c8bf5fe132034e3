import { useEffect } from 'react';
import { useLabel } from '../../i18n/useLabel';
import { onGatewayEvent } from '../gateway-bridge';
import { NotificationsActor, SessionActor } from './actors';

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
            notifications.send({ type: 'notify.push', level: 'error', message: event.error.message });
            session.send({ type: 'session.expired' });
            break;
          case 'gateway.error':
            notifications.send({ type: 'notify.push', level: 'error', message: event.error.message });
            break;
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
