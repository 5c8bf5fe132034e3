import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import type { ActorRefFrom } from 'xstate';
import { activationMachine } from '../../machines/activation.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { AuthLayout } from '../common/AuthLayout';
import { TextField } from '../ui/TextField';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/Spinner';
import { useFieldError } from '../common/useFieldError';
import { useFailureText } from './useFailureText';
import { useResend } from './useResend';
import { Notice } from './Notice';
import { OutboxHint } from './OutboxHint';
import { ResendButton } from './ResendButton';

type ActivationRef = ActorRefFrom<typeof activationMachine>;

const signInPath = (email: string) => (email ? `/signin?email=${encodeURIComponent(email)}` : '/signin');

/** The resend form: no key (sign-in's inactive redirect), or an expired or invalid one. */
function ResendActivation({ actor }: { actor: ActivationRef }) {
  const { t } = useTranslation('auth');
  const reason = useSelector(actor, (s) => s.context.reason);
  const email = useSelector(actor, (s) => s.context.email);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const sending = useSelector(actor, (s) => s.matches({ resend: 'sending' }));
  const sent = useSelector(actor, (s) => s.matches({ resend: 'sent' }));
  const { canResend, resending, secondsLeft, resend } = useResend(actor);
  const fieldError = useFieldError(fieldErrors);
  const failureText = useFailureText();

  return (
    <AuthLayout title={t(`active.resendTitle.${reason}`)}>
      <div className="space-y-4">
        {sent ? (
          <>
            <Notice tone="success" testId="activation-sent">
              {t('active.sentBody', { email: email.trim() })}
            </Notice>
            {error && <Notice tone="error">{failureText(error)}</Notice>}
            <div className="flex flex-wrap items-center gap-3">
              <ResendButton secondsLeft={secondsLeft} sending={resending} canSend={canResend} onSend={resend} />
              <Button variant="ghost" onClick={() => actor.send({ type: 'email.edit' })}>
                {t('common.useAnotherEmail')}
              </Button>
            </div>
            <OutboxHint />
          </>
        ) : (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              actor.send({ type: 'mail.send' });
            }}
          >
            <Notice tone={reason === 'notActivated' ? 'info' : 'warning'} testId={`activation-${reason}`}>
              {t(`active.resendBody.${reason}`)}
            </Notice>
            <TextField
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              value={email}
              error={fieldError('email')}
              onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
            />
            {error && <Notice tone="error">{failureText(error)}</Notice>}
            <Button type="submit" className="w-full" loading={sending}>
              {t('active.send')}
            </Button>
          </form>
        )}
      </div>
      <p className="mt-6 text-center text-sm">
        <Link href={signInPath(email.trim())} className="text-brand-600 hover:underline">
          {t('common.backToSignIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}

/** /active?key=… activates the account from the mail; /active?email=… asks for a new mail. */
export default function ActivatePage() {
  const { t } = useTranslation('auth');
  const search = useSearch();
  const [, navigate] = useLocation();
  const [input] = useState(() => {
    const params = new URLSearchParams(search);
    return { key: params.get('key'), email: params.get('email') ?? undefined };
  });
  const actor = useActorRef(activationMachine, { input, inspect: inspectActor });
  const state = useSelector(actor, (s) =>
    s.matches('resend') ? 'resend' : s.matches('redirectingToSignIn') ? 'activated' : (s.value as string),
  );
  const email = useSelector(actor, (s) => s.context.email);
  const error = useSelector(actor, (s) => s.context.error);
  const failureText = useFailureText();

  // Activation is work with an effect on the account: started by one event, whatever StrictMode does.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    actor.send({ type: 'activation.start' });
  }, [actor]);

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('redirectingToSignIn')) navigate(signInPath(snapshot.context.email), { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  if (state === 'resend') return <ResendActivation actor={actor} />;
  if (state === 'activated') {
    return (
      <AuthLayout title={t('active.activatedTitle')}>
        <div className="space-y-4">
          <Notice tone="success" testId="activation-done">
            {t('active.activatedBody', { email })}
          </Notice>
          <p className="text-sm text-slate-500">{t('common.redirecting')}</p>
          <Button onClick={() => actor.send({ type: 'signIn.go' })}>{t('common.signInNow')}</Button>
        </div>
      </AuthLayout>
    );
  }
  if (state === 'alreadyActivated') {
    return (
      <AuthLayout title={t('active.alreadyTitle')}>
        <div className="space-y-4">
          <Notice tone="info" testId="activation-already">
            {t('active.alreadyBody')}
          </Notice>
          <Link
            href={signInPath(email.trim())}
            className="inline-flex rounded-[var(--radius-herald)] bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {t('common.signInNow')}
          </Link>
        </div>
      </AuthLayout>
    );
  }
  if (state === 'failed') {
    return (
      <AuthLayout title={t('active.failedTitle')}>
        <div className="space-y-4">
          <Notice tone="error">{failureText(error)}</Notice>
          <Button onClick={() => actor.send({ type: 'activation.start' })}>{t('common.tryAgain')}</Button>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={t('active.title')}>
      <PageLoading label={t('active.activating')} />
    </AuthLayout>
  );
}
