import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { whatsappSignUpMachine } from '../../../machines/whatsapp-sign-up.machine';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Spinner } from '../../ui/Spinner';

/** The embedded sign-up, as its machine stands: connect, on the way, exchanging, connected, refused. */
export function SignUpCard({
  signUp,
  hasAccount,
}: {
  signUp: ActorRefFrom<typeof whatsappSignUpMachine>;
  hasAccount: boolean;
}) {
  const { t } = useTranslation('whatsapp');
  const text = useText();
  const state = useSelector(signUp, (s) => s.value);
  const error = useSelector(signUp, (s) => s.context.error);
  const busy = state === 'opening' || state === 'leaving' || state === 'exchanging';
  return (
    <Card title={t('signUp.title')}>
      <p className="mb-4 text-sm text-slate-600">{t('signUp.intro')}</p>
      {busy && (
        <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="h-4 w-4" label="" />
          {state === 'exchanging' ? t('signUp.exchanging') : t('signUp.opening')}
        </p>
      )}
      {state === 'connected' && (
        <p
          role="status"
          className="mb-4 rounded-md border border-emerald-200 bg-emerald-50 px-4 py-3 text-sm text-emerald-800"
        >
          {t('signUp.connected')}
        </p>
      )}
      {state === 'refused' && (
        <div
          role="alert"
          className="mb-4 flex flex-wrap items-center gap-3 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
        >
          <span className="flex-1">{text(error)}</span>
          <Button variant="secondary" onClick={() => signUp.send({ type: 'signup.retry' })}>
            {t('signUp.retry')}
          </Button>
        </div>
      )}
      {(state === 'idle' || state === 'connected') && (
        <Button variant={hasAccount ? 'secondary' : 'primary'} onClick={() => signUp.send({ type: 'signup.start' })}>
          {hasAccount ? t('signUp.connectAnother') : t('signUp.connect')}
        </Button>
      )}
    </Card>
  );
}
