import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { signInMachine } from '../../machines/signin.machine';
import { SessionActor } from '../shell/actors';
import { inspectActor } from '../../statecharts/inspection-bus';
import { AuthLayout } from '../common/AuthLayout';
import { TextField } from '../ui/TextField';
import { Button } from '../ui/Button';
import { useFieldError } from '../common/useFieldError';
import { Notice } from './Notice';
import { SocialSignInButtons } from './SocialSignInButtons';
import { isConsolePath } from '../../gateway/contract/service-path';
import { useLabel } from '../../i18n/useLabel';
import type { TranslationKey } from '../../i18n/keys';

export default function SignInPage() {
  const { t } = useTranslation('auth');
  const search = useSearch();
  const [, navigate] = useLocation();
  const session = SessionActor.useActorRef();
  const prefill = new URLSearchParams(search).get('email') ?? '';
  // A social sign-in carries the asked-for service inside its signed state (docs/decisions.md "Social sign-in").
  const service = new URLSearchParams(search).get('service');
  const actor = useActorRef(signInMachine, { input: { email: prefill }, inspect: inspectActor });
  const email = useSelector(actor, (s) => s.context.email);
  const password = useSelector(actor, (s) => s.context.password);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const submitting = useSelector(actor, (s) => s.matches('validating') || s.matches('submitting'));
  const notActivated = useSelector(actor, (s) => s.matches('notActivated'));
  const refusal = useSelector(actor, (s) => (s.matches('editing') ? s.context.error : null));
  const label = useLabel();
  const fieldError = useFieldError(fieldErrors);

  useEffect(() => {
    const subscription = actor.subscribe((snapshot) => {
      if (snapshot.matches('signedIn') && snapshot.context.tokens) {
        // The session takes the tokens; the guest route then goes on to the service address.
        session.send({
          type: 'session.signIn',
          tokens: snapshot.context.tokens,
          email: snapshot.context.email.trim().toLowerCase(),
        });
      }
      if (snapshot.matches('redirectingToActivation')) {
        navigate(`/active?email=${encodeURIComponent(snapshot.context.email.trim())}`);
      }
    });
    return () => subscription.unsubscribe();
  }, [actor, session, navigate]);

  return (
    <AuthLayout title={t('signin.title')} subtitle={t('signin.subtitle')}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          value={email}
          error={fieldError('email')}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
        />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="current-password"
          value={password}
          error={fieldError('password')}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'password', value })}
        />
        <div className="flex justify-end text-sm">
          <Link
            href={email.trim() ? `/retrieve?email=${encodeURIComponent(email.trim())}` : '/retrieve'}
            className="text-brand-600 hover:underline"
          >
            {t('signin.forgot')}
          </Link>
        </div>
        {refusal && (
          <Notice tone="error" testId="signin-error">
            {refusal.startsWith('errors:') ? label(refusal as TranslationKey) : refusal}
          </Notice>
        )}
        {notActivated && (
          <p role="status" className="rounded-[var(--radius-herald)] bg-amber-50 px-3 py-2 text-sm text-amber-800">
            {t('signin.notActivated')}
          </p>
        )}
        <Button type="submit" className="w-full" loading={submitting}>
          {t('signin.submit')}
        </Button>
      </form>
      <SocialSignInButtons service={service && isConsolePath(service) ? service : undefined} />
      <p className="mt-6 text-center text-sm text-slate-500">
        {t('signin.noAccount')}{' '}
        <Link href="/signup" className="font-medium text-brand-600 hover:underline">
          {t('signin.signUp')}
        </Link>
      </p>
    </AuthLayout>
  );
}
