import { useActorRef, useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { retrieveMachine } from '../../machines/retrieve.machine';
import { inspectActor } from '../../statecharts/inspection-bus';
import { AuthLayout } from '../common/AuthLayout';
import { TextField } from '../ui/TextField';
import { Button } from '../ui/Button';
import { useFieldError } from '../common/useFieldError';
import { useFailureText } from './useFailureText';
import { useResend } from './useResend';
import { Notice } from './Notice';
import { OutboxHint } from './OutboxHint';
import { ResendButton } from './ResendButton';

function BackToSignIn({ email }: { email: string }) {
  const { t } = useTranslation('auth');
  return (
    <p className="mt-6 text-center text-sm">
      <Link
        href={email ? `/signin?email=${encodeURIComponent(email)}` : '/signin'}
        className="text-brand-600 hover:underline"
      >
        {t('common.backToSignIn')}
      </Link>
    </p>
  );
}

/** /retrieve: forgot password. */
export default function RetrievePage() {
  const { t } = useTranslation('auth');
  const search = useSearch();
  const [input] = useState(() => ({ email: new URLSearchParams(search).get('email') ?? undefined }));
  const actor = useActorRef(retrieveMachine, { input, inspect: inspectActor });
  const email = useSelector(actor, (s) => s.context.email);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const sending = useSelector(actor, (s) => s.matches('sending'));
  const sent = useSelector(actor, (s) => s.matches('sent'));
  const { canResend, resending, secondsLeft, resend } = useResend(actor);
  const fieldError = useFieldError(fieldErrors);
  const failureText = useFailureText();

  if (sent) {
    return (
      <AuthLayout title={t('retrieve.sentTitle')}>
        <div className="space-y-4">
          <Notice tone="success" testId="retrieve-sent">
            {t('retrieve.sentBody', { email: email.trim() })}
          </Notice>
          {error && <Notice tone="error">{failureText(error)}</Notice>}
          <div className="flex flex-wrap items-center gap-3">
            <ResendButton secondsLeft={secondsLeft} sending={resending} canSend={canResend} onSend={resend} />
            <Button variant="ghost" onClick={() => actor.send({ type: 'email.edit' })}>
              {t('common.useAnotherEmail')}
            </Button>
          </div>
          <OutboxHint />
        </div>
        <BackToSignIn email={email.trim()} />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title={t('retrieve.title')} subtitle={t('retrieve.subtitle')}>
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
          autoComplete="email"
          value={email}
          error={fieldError('email')}
          onValueChange={(value) => actor.send({ type: 'field.change', field: 'email', value })}
        />
        {error && <Notice tone="error">{failureText(error)}</Notice>}
        <Button type="submit" className="w-full" loading={sending}>
          {t('retrieve.submit')}
        </Button>
      </form>
      <BackToSignIn email="" />
    </AuthLayout>
  );
}
