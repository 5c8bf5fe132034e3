import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { emailChangeMachine } from '../../../machines/email-change.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { SessionActor } from '../../shell/actors';
import { useCountdownSeconds } from '../../common/useCountdownSeconds';
import { useFieldError } from '../../common/useFieldError';
import { TextField } from '../../ui/TextField';
import { Button } from '../../ui/Button';

export function EmailSection() {
  const { t } = useTranslation('settings');
  const email = SessionActor.useSelector((s) => s.context.userInfo?.Email ?? '');
  const actor = useActorRef(emailChangeMachine, { inspect: inspectActor });
  const state = useSelector(actor, (s) => (typeof s.value === 'string' ? s.value : Object.keys(s.value)[0]));
  const code = useSelector(actor, (s) => s.context.code);
  const newEmail = useSelector(actor, (s) => s.context.newEmail);
  const error = useSelector(actor, (s) => s.context.error);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const canSendCode = useSelector(actor, (s) => s.can({ type: 'code.send' }));
  const secondsLeft = useCountdownSeconds(actor);
  const fieldError = useFieldError(fieldErrors);

  return (
    <div className="space-y-4" data-testid="email-change" data-state={state}>
      <p className="text-sm">
        <span className="text-slate-500">{t('user.email.current')}: </span>
        <span className="font-medium" data-testid="current-email">
          {email}
        </span>
      </p>
      {error && (
        <p role="alert" className="rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-700">
          {error}
        </p>
      )}
      {(state === 'idle' || state === 'sendingCode') && (
        <>
          <p className="text-sm text-slate-600">{t('user.email.intro')}</p>
          <Button
            loading={state === 'sendingCode'}
            disabled={!canSendCode}
            onClick={() => actor.send({ type: 'code.send' })}
          >
            {t('user.email.sendCode')}
          </Button>
        </>
      )}
      {(state === 'codeSent' || state === 'submitting') && (
        <form
          noValidate
          className="space-y-4"
          onSubmit={(e) => {
            e.preventDefault();
            actor.send({ type: 'form.submit' });
          }}
        >
          <p className="text-sm text-slate-600">{t('user.email.codeSent', { email })}</p>
          <TextField
            label={t('user.email.code')}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            error={fieldError('code')}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'code', value })}
            trailing={
              <Button
                variant="secondary"
                className="shrink-0"
                disabled={!canSendCode}
                onClick={() => actor.send({ type: 'code.send' })}
              >
                {secondsLeft !== null ? t('user.email.resendIn', { seconds: secondsLeft }) : t('user.email.resend')}
              </Button>
            }
          />
          <TextField
            label={t('user.email.newEmail')}
            type="email"
            value={newEmail}
            error={fieldError('newEmail')}
            onValueChange={(value) => actor.send({ type: 'field.change', field: 'newEmail', value })}
          />
          <Button type="submit" loading={state === 'submitting'}>
            {t('user.email.submit')}
          </Button>
        </form>
      )}
      {state === 'linkSent' && (
        <div className="space-y-3">
          <p
            role="status"
            className="rounded-[var(--radius-herald)] bg-emerald-50 px-3 py-2 text-sm text-emerald-800"
            data-testid="email-link-sent"
          >
            {t('user.email.linkSent', { email: newEmail.trim() })}
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'flow.restart' })}>
            {t('user.email.again')}
          </Button>
        </div>
      )}
    </div>
  );
}
