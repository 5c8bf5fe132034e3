import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { resetPasswordMachine } from '../../machines/reset-password.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { AuthLayout } from '../common/AuthLayout';
import { TextField } from '../ui/TextField';
import { Button } from '../ui/Button';
import { PageLoading } from '../ui/Spinner';
import { useFieldError } from '../common/useFieldError';
import { useFailureText } from './useFailureText';
import { Notice } from './Notice';
import { useResend } from './useResend';

const linkClass = 'font-medium text-brand-600 hover:underline';

/** /reset?key=…: the link from the password reset mail. */
export default function ResetPasswordPage() {
  const { t } = useTranslation('auth');
  const search = useSearch();
  const [, navigate] = useLocation();
  const [input] = useState(() => ({ key: new URLSearchParams(search).get('key') }));
  const actor = useActorRef(resetPasswordMachine, { input, inspect: inspectActor });
  const state = useSelector(actor, (s) =>
    s.matches('submitting') ? 'editing' : s.matches('redirectingToSignIn') ? 'succeeded' : s.value,
  );
  const submitting = useSelector(actor, (s) => s.matches('submitting'));
  const context = useSelector(actor, (s) => s.context);
  const fieldError = useFieldError(context.fieldErrors);
  const failureText = useFailureText();
  const { canResend, resending, secondsLeft, resend } = useResend(actor);

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('redirectingToSignIn'))
        navigate(`/signin?email=${encodeURIComponent(snapshot.context.email)}`, { replace: true });
    });
    return () => subscription.unsubscribe();
  }, [actor, navigate]);

  if (state === 'start' || state === 'checking') {
    return (
      <AuthLayout title={t('reset.title')}>
        <PageLoading label={t('reset.checking')} />
      </AuthLayout>
    );
  }
  if (state === 'expiredResend') {
    return (
      <AuthLayout title={t('reset.expiredTitle')}>
        <div className="space-y-4" data-testid="reset-expired">
          <Notice tone="warning">{t('reset.expiredBody')}</Notice>
          {secondsLeft !== null && <Notice tone="success">{t('reset.newLinkSent', { email: context.email })}</Notice>}
          {context.error && <Notice tone="error">{failureText(context.error)}</Notice>}
          <Button variant="secondary" loading={resending} disabled={!canResend} onClick={resend}>
            {secondsLeft !== null && !resending
              ? t('common.sendAgainIn', { seconds: secondsLeft })
              : t('reset.newLinkTo', { email: context.email })}
          </Button>
          <p className="text-sm">
            <Link href="/signin" className="text-brand-600 hover:underline">
              {t('common.backToSignIn')}
            </Link>
          </p>
        </div>
      </AuthLayout>
    );
  }
  if (state === 'expired' || state === 'invalid') {
    return (
      <AuthLayout title={state === 'expired' ? t('reset.expiredTitle') : t('reset.invalidTitle')}>
        <div className="space-y-4" data-testid={`reset-${state}`}>
          <Notice tone="warning">{state === 'expired' ? t('reset.expiredBody') : t('reset.invalidBody')}</Notice>
          <p className="flex flex-wrap gap-4 text-sm">
            <Link href="/retrieve" className={linkClass}>
              {t('reset.newLink')}
            </Link>
            <Link href="/signin" className="text-brand-600 hover:underline">
              {t('common.backToSignIn')}
            </Link>
          </p>
        </div>
      </AuthLayout>
    );
  }
  if (state === 'unreachable') {
    return (
      <AuthLayout title={t('reset.unreachableTitle')}>
        <div className="space-y-4">
          <Notice tone="error">{failureText(context.error)}</Notice>
          <Button onClick={() => actor.send({ type: 'check.retry' })}>{t('common.tryAgain')}</Button>
        </div>
      </AuthLayout>
    );
  }
  if (state === 'succeeded') {
    return (
      <AuthLayout title={t('reset.doneTitle')}>
        <div className="space-y-4">
          <Notice tone="success" testId="reset-done">
            {t('reset.doneBody')}
          </Notice>
          <p className="text-sm text-slate-500">{t('common.redirecting')}</p>
          <Button onClick={() => actor.send({ type: 'signIn.go' })}>{t('common.signInNow')}</Button>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('reset.title')} subtitle={t('reset.forAccount', { email: context.email })}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        {/* Lets password managers file the new password under the right account. */}
        <input type="email" autoComplete="username" value={context.email} readOnly hidden />
        <TextField
          label={t('fields.newPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          hint={t('fields.passwordHint')}
          value={context.password}
          error={fieldError('password')}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'password', value })}
        />
        <TextField
          label={t('fields.confirmNewPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          value={context.confirmPassword}
          error={fieldError('confirmPassword')}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'confirmPassword', value })}
        />
        {context.error && <Notice tone="error">{failureText(context.error)}</Notice>}
        <Button type="submit" className="w-full" loading={submitting}>
          {t('reset.submit')}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm">
        <Link href="/signin" className="text-brand-600 hover:underline">
          {t('common.backToSignIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
