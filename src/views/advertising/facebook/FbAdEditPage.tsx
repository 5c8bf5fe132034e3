import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { fbObjectQuery } from '../../../gateway/client/queries/fb-ads';
import {
  updateFbAdMutation,
  updateFbAdSetMutation,
  updateFbCampaignMutation,
} from '../../../gateway/client/mutations/fb-ads';
import { AD_DEFAULT_TIME_ZONE } from '../../../gateway/contract/advertising';
import { FB_LEVELS, type FbLevel } from '../../../gateway/contract/fb-ads';
import type { FieldErrors } from '../../../gateway/contract/field-errors';
import { fbRefusedFields, fbWizardRequest, fbWizardStepErrors } from '../../../machines/fb-ad-create.machine';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { Spinner } from '../../ui/Spinner';
import { FbLevelFields } from './FbLevelFields';
import { FbStatusBadge } from './FbStatusBadge';
import { fbAdPath, useFbAccounts } from './useFbAccounts';

const PREFIX: Record<FbLevel, string> = { campaign: 'Campaign', adset: 'AdSet', ad: 'Ad' };

/** An object's fields as the form holds them (amounts in currency units, locations joined). */
function formValues(level: FbLevel, fields: Record<string, unknown>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, value]) => [
      `${PREFIX[level]}.${key}`,
      Array.isArray(value)
        ? value.join(', ')
        : typeof value === 'number'
          ? value
            ? String(value / 100)
            : ''
          : String(value ?? ''),
    ]),
  );
}

/** /advertising/facebook/ad-edit/{adsAccountId}/{type}/{id}/{platformId}: one campaign, ad set or ad. */
export default function FbAdEditPage() {
  const { t } = useTranslation('fbAds');
  const text = useText();
  const client = useQueryClient();
  const params = useParams<{ accountId: string; type: string; id: string }>();
  const level: FbLevel = (FB_LEVELS as readonly string[]).includes(params.type ?? '')
    ? (params.type as FbLevel)
    : 'campaign';
  const accountId = params.accountId ?? '';
  const { accounts } = useFbAccounts();
  const account = accounts.find((a) => a.AccountId === accountId);
  const object = useQuery(fbObjectQuery({ AccountId: accountId, Level: level, Id: params.id ?? '' }));
  const [values, setValues] = useState<Record<string, string> | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState(false);
  const campaign = useMutation(updateFbCampaignMutation(client));
  const adSet = useMutation(updateFbAdSetMutation(client));
  const ad = useMutation(updateFbAdMutation(client));
  const saving = campaign.isPending || adSet.isPending || ad.isPending;
  const failure = campaign.error ?? adSet.error ?? ad.error;

  useEffect(() => {
    if (object.data && values === null) setValues(formValues(level, object.data.Object.Fields));
  }, [object.data, values, level]);

  const change = (field: string, value: string) => {
    if (!values) return;
    const next = { ...values, [field]: value };
    setValues(next);
    setSaved(false);
    setErrors((current) => ({ ...current, [field]: fbWizardStepErrors(next, level)[field] }));
  };

  const save = () => {
    if (!values) return;
    const found = fbWizardStepErrors(values, level);
    setErrors(found);
    if (Object.keys(found).length) return;
    const request = fbWizardRequest(accountId, values);
    const done = {
      onSuccess: () => setSaved(true),
      onError: (error: Error) => setErrors(fbRefusedFields(error)),
    };
    const base = { AccountId: accountId, Id: params.id ?? '' };
    if (level === 'campaign') campaign.mutate({ ...base, Campaign: request.Campaign }, done);
    else if (level === 'adset') adSet.mutate({ ...base, AdSet: request.AdSet }, done);
    else ad.mutate({ ...base, Ad: request.Ad }, done);
  };

  const data = object.data;
  return (
    <PageFrame
      title={t('titles.edit', { level: t(`levels.${level}`) })}
      description={
        data
          ? level === 'ad'
            ? t('edit.underSet', { adset: data.AdSetName, campaign: data.CampaignName })
            : level === 'adset'
              ? t('edit.under', { campaign: data.CampaignName })
              : undefined
          : undefined
      }
      testId="fb-ad-edit"
      actions={data ? <FbStatusBadge status={data.Object.Status} /> : undefined}
    >
      {object.isLoading && <Spinner label={t('edit.loading')} />}
      {object.error && <EmptyState title={t('edit.notFound')} description={text(object.error.message)} />}
      {data && values && (
        <Card>
          {level === 'ad' && <p className="mb-4 text-sm text-slate-500">{t('edit.reviewAgain')}</p>}
          {failure && Object.keys(errors).length === 0 && (
            <p role="alert" className="mb-4 text-sm text-red-700">
              {text(failure.message)}
            </p>
          )}
          {saved && (
            <p role="status" className="mb-4 text-sm text-emerald-700">
              {t('form.saved')}
            </p>
          )}
          <FbLevelFields
            level={level}
            values={values}
            errors={errors}
            onChange={change}
            currency={account?.Currency ?? 'USD'}
            timeZone={account?.TimeZone ?? AD_DEFAULT_TIME_ZONE}
          />
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <Link href={fbAdPath.list(accountId)} className="self-center text-sm text-slate-600 underline">
              {t('form.toList')}
            </Link>
            <Button onClick={save} loading={saving}>
              {t('form.save')}
            </Button>
          </div>
        </Card>
      )}
    </PageFrame>
  );
}
