import { useQueryClient } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearch } from 'wouter';
import { fbAdCreateMachine, type FbWizardStep } from '../../../machines/fb-ad-create.machine';
import type { AdAccount } from '../../../gateway/contract/actions/advertising';
import { AD_DEFAULT_TIME_ZONE, localDayOf } from '../../../gateway/contract/advertising';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading } from '../../ui/Spinner';
import { FbLevelFields } from './FbLevelFields';
import { fbAdPath, useFbAccounts } from './useFbAccounts';

const STEP_NUMBER: Record<string, number> = { campaign: 1, adset: 2, ad: 3, confirm: 4, submitting: 4, failed: 4 };
const LEVELS: FbWizardStep[] = ['campaign', 'adset', 'ad'];

/** The ad copy ad-generate hands over (?PrimaryText=…&Headline=…&Description=…). */
function generatedValues(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const values: Record<string, string> = {};
  for (const field of ['PrimaryText', 'Headline', 'Description']) {
    const value = params.get(field);
    if (value) values[`Ad.${field}`] = value;
  }
  return values;
}

/** /advertising/facebook/ad-create/{adsAccountId}/{platformId}: the fbAdCreate wizard. */
export default function FbAdCreatePage() {
  const { t } = useTranslation('fbAds');
  const { accountId = '' } = useParams<{ accountId: string }>();
  const { accounts, isLoading } = useFbAccounts();
  if (isLoading)
    return (
      <PageFrame title={t('titles.create')} description={accountId} testId="fb-ad-create">
        <PageLoading label={t('form.loadingAccount')} />
      </PageFrame>
    );
  return <FbAdWizard accountId={accountId} account={accounts.find((a) => a.AccountId === accountId)} />;
}

/**
 * The wizard, once the account is known: the ad set's start date defaults to today in the account's time
 * zone (the platform's days are the account's days), not the console's or the default zone's.
 */
function FbAdWizard({ accountId, account }: { accountId: string; account: AdAccount | undefined }) {
  const { t } = useTranslation('fbAds');
  const text = useText();
  const search = useSearch();
  const client = useQueryClient();
  const timeZone = account?.TimeZone ?? AD_DEFAULT_TIME_ZONE;
  // read once: the machine takes its input when it starts
  const today = localDayOf(new Date(), timeZone);
  const actor = useActorRef(fbAdCreateMachine, {
    input: { client, accountId, today, values: generatedValues(search) },
    inspect: inspectActor,
  });
  const step = useSelector(actor, (s) => s.value as string);
  const values = useSelector(actor, (s) => s.context.values);
  const fieldErrors = useSelector(actor, (s) => s.context.fieldErrors);
  const error = useSelector(actor, (s) => s.context.error);
  const currency = account?.Currency ?? 'USD';
  const change = (field: string, value: string) => actor.send({ type: 'field.change', field, value });
  const checking = step === 'confirm' || step === 'submitting' || step === 'failed';

  return (
    <PageFrame
      title={t('titles.create')}
      description={account ? `${account.Name} · ${account.AccountId}` : accountId}
      testId="fb-ad-create"
    >
      {step === 'created' ? (
        <Card>
          <p role="status" className="mb-4 text-sm text-slate-700">
            {t('form.created')}
          </p>
          <Link href={fbAdPath.list(accountId)} className="font-medium text-brand-700 underline">
            {t('form.toList')}
          </Link>
        </Card>
      ) : (
        <Card>
          <ol className="mb-4 flex flex-wrap gap-2 text-sm" aria-label={t('steps.of', { n: STEP_NUMBER[step] })}>
            {[...LEVELS, 'confirm' as const].map((name, index) => (
              <li
                key={name}
                aria-current={STEP_NUMBER[step] === index + 1 ? 'step' : undefined}
                className={`rounded-full px-3 py-1 ${STEP_NUMBER[step] === index + 1 ? 'bg-brand-600 text-white' : 'bg-slate-100 text-slate-600'}`}
              >
                {index + 1}. {t(`steps.${name}`)}
              </li>
            ))}
          </ol>
          <p className="mb-4 text-sm text-slate-500">{t('steps.of', { n: STEP_NUMBER[step] })}</p>
          {error && (
            <p role="alert" className="mb-4 rounded-[var(--radius-herald)] bg-red-50 px-3 py-2 text-sm text-red-800">
              {text(error)}
            </p>
          )}
          {LEVELS.includes(step as FbWizardStep) && (
            <FbLevelFields
              level={step as FbWizardStep}
              values={values}
              errors={fieldErrors}
              onChange={change}
              currency={currency}
              timeZone={timeZone}
            />
          )}
          {checking && (
            <div className="grid gap-3 text-sm text-slate-700">
              <p>{t('form.checkHint')}</p>
              <dl className="grid gap-2 sm:grid-cols-3">
                {LEVELS.map((level) => (
                  <div key={level} className="rounded-[var(--radius-herald)] bg-slate-50 p-3">
                    <dt className="text-xs uppercase text-slate-500">{t(`levelNames.${level}`)}</dt>
                    <dd className="font-medium">
                      {values[`${level === 'campaign' ? 'Campaign' : level === 'adset' ? 'AdSet' : 'Ad'}.Name`]}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            {step === 'campaign' ? (
              <Link href={fbAdPath.list(accountId)} className="self-center text-sm text-slate-600 underline">
                {t('form.cancel')}
              </Link>
            ) : (
              <Button
                variant="secondary"
                onClick={() => actor.send({ type: 'step.back' })}
                disabled={step === 'submitting'}
              >
                {t('form.back')}
              </Button>
            )}
            {checking ? (
              <Button onClick={() => actor.send({ type: 'form.submit' })} loading={step === 'submitting'}>
                {t('form.create')}
              </Button>
            ) : (
              <Button onClick={() => actor.send({ type: 'step.next' })}>{t('form.next')}</Button>
            )}
          </div>
        </Card>
      )}
    </PageFrame>
  );
}
