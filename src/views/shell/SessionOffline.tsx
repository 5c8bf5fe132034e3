import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { SessionActor } from './actors';

/**
 * The session machine's offline state (issue 20): the user info could not be fetched because the gateway
 * was not reached. The stored session is kept; the console retries by itself, or now on request.
 */
export function SessionOffline() {
  const { t } = useTranslation('shell');
  const session = SessionActor.useActorRef();
  const canRetry = SessionActor.useSelector((s) => s.can({ type: 'user.retry' }));
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-4 py-16 text-center">
      <h1 className="text-lg font-semibold text-slate-800">{t('offline.title')}</h1>
      <p className="text-sm text-slate-600">{t('offline.description')}</p>
      <div className="flex gap-2">
        <Button disabled={!canRetry} onClick={() => session.send({ type: 'user.retry' })}>
          {t('offline.retry')}
        </Button>
        <Button variant="secondary" onClick={() => session.send({ type: 'session.logout' })}>
          {t('account.logout')}
        </Button>
      </div>
    </div>
  );
}
