import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { smsCountriesQuery, smsTrialQuery } from '../../../gateway/client/queries/sms';
import { smsExperienceMachine } from '../../../machines/sms-experience.machine';
import { smsTrialSendMachine } from '../../../machines/sms-trial-send.machine';
import type { resendCountdownMachine } from '../../../machines/resend-countdown.machine';
import type { ActorRefFrom } from 'xstate';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { SessionActor, useNotify } from '../../shell/actors';
import { useUpgradePrompt } from '../../shell/useUpgradePrompt';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { Combobox } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { countryLabel, formatTime } from '../format';
import { QueryGate, SmsPage } from '../SmsPage';
import { useText } from '../text';
import { TrialMessageField } from './TrialMessageField';

function VerifyCard() {
  const { t, i18n } = useTranslation('sms');
  const text = useText();
  const client = useQueryClient();
  const countries = useQuery(smsCountriesQuery());
  const actor = useActorRef(smsExperienceMachine, { input: {}, inspect: inspectActor });
  const step = useSelector(actor, (s) => String(s.value));
  const context = useSelector(actor, (s) => s.context);
  const countdown = useSelector(
    actor,
    (s) => s.children.countdown as ActorRefFrom<typeof resendCountdownMachine> | undefined,
  );
  const remaining = useSelector(countdown, (s) => s?.context.remaining);
  const set = (field: 'country' | 'phone' | 'code') => (value: string) =>
    actor.send({ type: 'field.change', field, value });
  // The account's own country is where a first test number most likely is (issue 18 §11).
  const ownCountry = SessionActor.useSelector((s) => s.context.userInfo?.RegisterCountry ?? '');
  const ownSupported = countries.data?.Countries.some((c) => c.Supported && c.CountryCode === ownCountry) ?? false;
  useEffect(() => {
    if (ownSupported && actor.getSnapshot().context.country === '')
      actor.send({ type: 'field.change', field: 'country', value: ownCountry });
  }, [ownSupported, ownCountry, actor]);

  useEffect(() => {
    if (context.info) client.setQueryData(smsTrialQuery().queryKey, context.info);
  }, [context.info, client]);

  return (
    <Card title={t('experience.verifyTitle')}>
      {context.error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {text(context.error)}
        </p>
      )}
      {step === 'verified' ? (
        <div className="flex flex-col items-start gap-3">
          <p className="text-sm text-emerald-700" data-testid="trial-verified">
            {t('experience.verified', { phone: context.phone })}
          </p>
          <Button variant="secondary" onClick={() => actor.send({ type: 'phone.another' })}>
            {t('experience.another')}
          </Button>
        </div>
      ) : (
        <form
          noValidate
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={(event) => {
            event.preventDefault();
            actor.send(step === 'idle' ? { type: 'code.send' } : { type: 'code.verify' });
          }}
        >
          <Combobox
            label={t('send.fields.country')}
            value={context.country || null}
            disabled={step !== 'idle'}
            noMatches={t('send.noCountries')}
            error={text(context.fieldErrors.country)}
            options={(countries.data?.Countries ?? [])
              .filter((c) => c.Supported)
              .map((c) => ({ value: c.CountryCode, label: countryLabel(c, i18n.language), hint: c.CountryCode }))}
            onChange={set('country')}
            testId="trial-country"
          />
          <TextField
            label={t('experience.phone')}
            inputMode="tel"
            value={context.phone}
            disabled={step !== 'idle'}
            error={text(context.fieldErrors.phone)}
            onValueChange={set('phone')}
            data-testid="trial-phone"
          />
          {step === 'idle' || step === 'sendingCode' ? (
            <div className="sm:col-span-2">
              <Button type="submit" loading={step === 'sendingCode'} data-testid="trial-send-code">
                {t('experience.sendCode')}
              </Button>
            </div>
          ) : (
            <>
              <TextField
                label={t('experience.code')}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={context.code}
                error={text(context.fieldErrors.code)}
                hint={t('experience.codeHint')}
                onValueChange={set('code')}
                data-testid="trial-code"
              />
              <div className="flex flex-wrap items-end gap-2">
                <Button type="submit" loading={step === 'verifying'} data-testid="trial-verify">
                  {t('experience.verify')}
                </Button>
                <Button
                  variant="secondary"
                  disabled={!context.canResend}
                  onClick={() => actor.send({ type: 'code.resend' })}
                >
                  {context.canResend || remaining === undefined
                    ? t('experience.resend')
                    : t('experience.resendIn', { seconds: remaining })}
                </Button>
                <Button variant="ghost" onClick={() => actor.send({ type: 'verify.cancel' })}>
                  {t('editor.cancel')}
                </Button>
              </div>
            </>
          )}
        </form>
      )}
    </Card>
  );
}

/** /experience: verify up to 5 test numbers with a code, then send free test messages to them. */
export default function ExperiencePage() {
  const { t } = useTranslation('sms');
  const text = useText();
  const notify = useNotify();
  const client = useQueryClient();
  const upgraded = SessionActor.useSelector((s) => s.context.userInfo?.Upgrade ?? false);
  const upgrade = useUpgradePrompt();
  const trial = useQuery(smsTrialQuery());
  // "Send" on an approved template of a trial account lands here with it chosen (issue 18 §11).
  const presetTemplate = new URLSearchParams(useSearch()).get('templateId') ?? '';
  const send = useActorRef(smsTrialSendMachine, {
    input: { client, templateId: presetTemplate },
    inspect: inspectActor,
  });
  const templateId = useSelector(send, (s) => s.context.templateId);
  const picked = useSelector(send, (s) => s.context.picked);
  const sendError = useSelector(send, (s) => s.context.error);
  const sending = useSelector(send, (s) => s.matches('sending'));
  const canSend = useSelector(send, (s) => s.can({ type: 'trial.send' }));
  useEffect(() => {
    const subscription = send.on('trial.sent', (event) =>
      notify(t('experience.sent', { count: event.sentCount, remaining: event.freeRemaining })),
    );
    return () => subscription.unsubscribe();
  }, [send, notify, t]);
  // Verified numbers are ticked for the send: those verified when the page opens, and one verified here at once.
  const seenVerified = useRef(new Set<string>());
  useEffect(() => {
    for (const phone of trial.data?.Phones ?? []) {
      if (!phone.Verified || seenVerified.current.has(phone.Phone)) continue;
      seenVerified.current.add(phone.Phone);
      const pick = { type: 'phone.pick' as const, phone: { Phone: phone.Phone, CountryCode: phone.CountryCode } };
      if (send.getSnapshot().can(pick)) send.send(pick);
    }
  }, [trial.data, send]);

  return (
    <SmsPage title={t('titles.experience')} description={t('experience.subtitle')} testId="sms-experience">
      {upgraded && (
        <p className="mb-4 rounded-[var(--radius-herald)] bg-sky-50 px-3 py-2 text-sm text-sky-800">
          {t('experience.upgraded')}{' '}
          <Link href="/sms/sending" className="font-medium underline">
            {t('tasks.new')}
          </Link>
        </p>
      )}
      <QueryGate isPending={trial.isPending} isError={trial.isError} onRetry={() => void trial.refetch()}>
        {() => {
          const info = trial.data!;
          const verified = info.Phones.filter((p) => p.Verified);
          return (
            <div className="grid gap-6 lg:grid-cols-2">
              <div className="flex flex-col gap-6">
                <Card title={t('experience.quota')}>
                  <dl className="grid grid-cols-3 gap-3 text-center">
                    {[
                      [t('experience.phones'), `${info.Phones.filter((p) => p.Verified).length}/${info.MaxPhones}`],
                      [t('experience.freeUsed'), `${info.FreeUsed}/${info.FreeTotal}`],
                      [t('experience.freeRemaining'), String(info.FreeRemaining)],
                    ].map(([name, value]) => (
                      <div key={name} className="rounded-[var(--radius-herald)] bg-slate-50 p-3">
                        <dt className="text-xs text-slate-500">{name}</dt>
                        <dd
                          className="text-xl font-semibold tabular-nums"
                          data-testid={name === t('experience.freeRemaining') ? 'trial-free-remaining' : undefined}
                        >
                          {value}
                        </dd>
                      </div>
                    ))}
                  </dl>
                  {info.FreeRemaining === 0 && <p className="mt-3 text-sm text-amber-800">{t('experience.noFree')}</p>}
                  {!upgraded && upgrade.canOpenUpgrade && (
                    <div className="mt-3 flex items-center justify-between gap-2 text-sm text-slate-600">
                      <span>{t('experience.upgradeHint')}</span>
                      <Button variant="secondary" onClick={upgrade.openUpgrade} data-testid="trial-upgrade">
                        {t('experience.upgrade')}
                      </Button>
                    </div>
                  )}
                </Card>
                {info.Phones.length < info.MaxPhones || info.Phones.some((p) => !p.Verified) ? (
                  <VerifyCard />
                ) : (
                  <p className="text-sm text-slate-600">{t('experience.full', { count: info.MaxPhones })}</p>
                )}
              </div>
              <Card title={t('experience.sendTitle')}>
                {verified.length === 0 ? (
                  <EmptyState title={t('experience.noPhones')} description={t('experience.noPhonesBody')} />
                ) : (
                  <form
                    className="flex flex-col gap-3"
                    onSubmit={(event) => {
                      event.preventDefault();
                      send.send({ type: 'trial.send' });
                    }}
                  >
                    <TrialMessageField
                      templateId={templateId}
                      onChoose={(id) => send.send({ type: 'message.choose', templateId: id })}
                    />
                    <fieldset>
                      <legend className="mb-2 text-sm font-medium text-slate-700">{t('experience.pick')}</legend>
                      <ul className="space-y-1">
                        {info.Phones.map((p) => (
                          <li key={`${p.CountryCode}:${p.Phone}`}>
                            <label className={`flex items-center gap-2 text-sm ${p.Verified ? '' : 'text-slate-400'}`}>
                              <input
                                type="checkbox"
                                disabled={
                                  !p.Verified ||
                                  !send
                                    .getSnapshot()
                                    .can({ type: 'phone.pick', phone: { Phone: p.Phone, CountryCode: p.CountryCode } })
                                }
                                checked={picked.some((x) => x.Phone === p.Phone)}
                                onChange={(e) =>
                                  send.send(
                                    e.target.checked
                                      ? { type: 'phone.pick', phone: { Phone: p.Phone, CountryCode: p.CountryCode } }
                                      : { type: 'phone.unpick', phone: p.Phone },
                                  )
                                }
                                className="h-4 w-4 rounded border-slate-300"
                                data-testid="trial-pick"
                              />
                              <span className="font-mono">+{p.Phone}</span>
                              <span className="text-xs text-slate-500">
                                {p.Verified
                                  ? t('experience.verifiedOn', { time: formatTime(p.CreateTime) })
                                  : t('experience.unverified')}
                              </span>
                            </label>
                          </li>
                        ))}
                      </ul>
                      <p className="mt-2 text-xs text-slate-500">{t('experience.sampleHint')}</p>
                    </fieldset>
                    {sendError && (
                      <p role="alert" className="text-sm text-red-700">
                        {text(sendError)}
                      </p>
                    )}
                    <div>
                      <Button type="submit" disabled={!canSend} loading={sending} data-testid="trial-send">
                        {t('experience.send', { count: picked.length })}
                      </Button>
                    </div>
                  </form>
                )}
              </Card>
            </div>
          );
        }}
      </QueryGate>
    </SmsPage>
  );
}
