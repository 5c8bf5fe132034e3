import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { signUpMachine, type SignUpTextField } from '../../machines/signup.machine';
import { countryFromLanguages, findCountry } from '../../gateway/contract/countries';
import { RetCode } from '../../gateway/contract/retcodes';
import { inspectActor } from '../../statecharts/inspection-bus';
import { AuthLayout } from '../common/AuthLayout';
import { TextField } from '../ui/TextField';
import { Button } from '../ui/Button';
import { useFieldError } from '../common/useFieldError';
import { useFailureText } from './useFailureText';
import { useCountdownSeconds } from '../common/useCountdownSeconds';
import { CountrySelect } from './CountrySelect';
import { Notice } from './Notice';
import { OutboxHint } from './OutboxHint';
import { SocialSignInButtons } from './SocialSignInButtons';

function browserCountry(): string {
  return countryFromLanguages(navigator.languages?.length ? navigator.languages : [navigator.language]);
}

export default function SignUpPage() {
  const { t } = useTranslation('auth');
  const search = useSearch();
  const [input] = useState(() => ({
    country: browserCountry(),
    email: new URLSearchParams(search).get('email') ?? undefined,
  }));
  const actor = useActorRef(signUpMachine, { input, inspect: inspectActor });
  const context = useSelector(actor, (s) => s.context);
  const registered = useSelector(actor, (s) => s.matches('registered'));
  const submitting = useSelector(actor, (s) => s.matches({ filling: { form: 'submitting' } }));
  const sendingCode = useSelector(actor, (s) => s.matches({ filling: { code: 'sending' } }));
  const codeWaiting = useSelector(actor, (s) => s.matches({ filling: { code: 'waiting' } }));
  const secondsLeft = useCountdownSeconds(actor);
  const fieldError = useFieldError(context.fieldErrors);
  const failureText = useFailureText();

  if (registered) {
    const email = context.email.trim();
    return (
      <AuthLayout title={t('signup.checkTitle')}>
        <div className="space-y-4">
          <Notice tone="success" testId="signup-done">
            {t('signup.checkBody', { email })}
          </Notice>
          <p className="text-sm">
            <Link
              href={`/active?email=${encodeURIComponent(email)}`}
              className="font-medium text-brand-600 hover:underline"
            >
              {t('signup.checkResend')}
            </Link>
          </p>
          <OutboxHint />
          <p className="text-sm">
            <Link href={`/signin?email=${encodeURIComponent(email)}`} className="text-brand-600 hover:underline">
              {t('common.backToSignIn')}
            </Link>
          </p>
        </div>
      </AuthLayout>
    );
  }

  const prefix = findCountry(context.country)?.PhonePrefix ?? '';
  const bind = (field: SignUpTextField) => ({
    value: context[field],
    error: fieldError(field),
    onValueChange: (value: string) => actor.send({ type: 'field.change', field, value }),
  });
  const sentTo = context.codeSentTo;
  const sendCodeLabel =
    codeWaiting && secondsLeft !== null
      ? t('signup.resendCodeIn', { seconds: secondsLeft })
      : sentTo
        ? t('signup.resendCode')
        : t('signup.sendCode');

  return (
    <AuthLayout title={t('signup.title')} subtitle={t('signup.subtitle')}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(e) => {
          e.preventDefault();
          actor.send({ type: 'form.submit' });
        }}
      >
        <TextField label={t('fields.email')} type="email" autoComplete="email" {...bind('email')} />
        <TextField
          label={t('fields.password')}
          type="password"
          autoComplete="new-password"
          hint={t('fields.passwordHint')}
          maxLength={20}
          {...bind('password')}
        />
        <TextField
          label={t('fields.confirmPassword')}
          type="password"
          autoComplete="new-password"
          maxLength={20}
          {...bind('confirmPassword')}
        />
        <CountrySelect
          label={t('fields.country')}
          value={context.country}
          error={fieldError('country')}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'country', value })}
        />
        <TextField
          label={t('fields.phone')}
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          maxLength={15}
          hint={t('fields.phoneHint', { prefix })}
          {...bind('phone')}
          trailing={
            <Button
              variant="secondary"
              className="shrink-0 whitespace-nowrap"
              loading={sendingCode}
              disabled={codeWaiting}
              onClick={() => actor.send({ type: 'code.send' })}
            >
              {sendCodeLabel}
            </Button>
          }
        />
        {sentTo && !context.codeError && (
          <Notice tone="info" testId="code-sent">
            {t('signup.codeSent', { prefix: findCountry(sentTo.country)?.PhonePrefix ?? '', phone: sentTo.phone })}
          </Notice>
        )}
        {context.codeError && <Notice tone="error">{failureText(context.codeError)}</Notice>}
        <TextField
          label={t('fields.phoneCode')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          hint={t('fields.phoneCodeHint')}
          {...bind('phoneCode')}
        />
        <TextField label={t('fields.name')} autoComplete="name" maxLength={64} {...bind('name')} />
        <div>
          <label className="flex items-start gap-2 text-sm text-slate-700">
            <input
              type="checkbox"
              checked={context.agree}
              aria-invalid={fieldError('agree') ? true : undefined}
              onChange={(e) => actor.send({ type: 'agreement.set', value: e.target.checked })}
              className="mt-0.5 h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-500"
            />
            <span>{t('signup.agree')}</span>
          </label>
          {fieldError('agree') && (
            <p className="mt-1 text-xs text-red-600" role="alert">
              {fieldError('agree')}
            </p>
          )}
        </div>
        {context.error && <Notice tone="error">{failureText(context.error)}</Notice>}
        {context.refusal === RetCode.UserExists && (
          <p className="text-sm text-slate-600">
            {t('signup.userExistsHelp')}{' '}
            <Link
              href={`/signin?email=${encodeURIComponent(context.email.trim())}`}
              className="font-medium text-brand-600 hover:underline"
            >
              {t('signup.signIn')}
            </Link>
            {' · '}
            <Link
              href={`/retrieve?email=${encodeURIComponent(context.email.trim())}`}
              className="font-medium text-brand-600 hover:underline"
            >
              {t('signup.resetPassword')}
            </Link>
          </p>
        )}
        <Button type="submit" className="w-full" loading={submitting}>
          {t('signup.submit')}
        </Button>
      </form>
      <SocialSignInButtons />
      <p className="mt-6 text-center text-sm text-slate-500">
        {t('signup.haveAccount')}{' '}
        <Link href="/signin" className="font-medium text-brand-600 hover:underline">
          {t('signup.signIn')}
        </Link>
      </p>
    </AuthLayout>
  );
}
