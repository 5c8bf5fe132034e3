import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  FB_BID_STRATEGIES,
  FB_BILLING_EVENTS,
  FB_BUDGET_TYPES,
  FB_BUYING_TYPES,
  FB_CALL_TO_ACTIONS,
  FB_LIMITS,
  FB_LOCATIONS,
  FB_OBJECTIVES,
  FB_OPTIMIZATION_GOALS,
  type FbLevel,
} from '../../../gateway/contract/fb-ads';
import type { FieldErrors } from '../../../gateway/contract/field-errors';
import { IMAGE_TYPES } from '../../../gateway/contract/actions/upload-rules';
import { useText } from '../../common/useText';
import { LibraryPickerDialog } from '../../common/LibraryPickerDialog';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';

const PREFIX: Record<FbLevel, string> = { campaign: 'Campaign', adset: 'AdSet', ad: 'Ad' };

type FieldKey = 'form.fields.Name';
type ChoiceKey = 'choices.AUCTION';

export interface FbLevelFieldsProps {
  level: FbLevel;
  /** the form's answers, keyed "Campaign.Name", "AdSet.BidAmount", … */
  values: Record<string, string>;
  errors: FieldErrors;
  onChange: (field: string, value: string) => void;
  currency: string;
  timeZone: string;
}

/** The fields of one level (spec 001 §3), for the ad-create wizard and the ad-edit page. */
export function FbLevelFields({ level, values, errors, onChange, currency, timeZone }: FbLevelFieldsProps) {
  const { t } = useTranslation('fbAds');
  const text = useText();
  const [picking, setPicking] = useState(false);
  const [mediaName, setMediaName] = useState('');
  const key = (name: string) => `${PREFIX[level]}.${name}`;
  const label = (name: string) => t(`form.fields.${name}` as FieldKey);
  const textField = (name: string, extra: { hint?: string; inputMode?: 'decimal'; placeholder?: string } = {}) => (
    <TextField
      key={name}
      label={label(name)}
      value={values[key(name)] ?? ''}
      error={text(errors[key(name)])}
      onValueChange={(value) => onChange(key(name), value)}
      {...extra}
    />
  );
  const amountField = (name: string, hint?: string) =>
    textField(name, { inputMode: 'decimal', hint: hint ?? t('form.hints.amount', { currency }) });
  const choice = (name: string, options: readonly string[], labelled = true) => (
    <Select
      key={name}
      label={label(name)}
      value={values[key(name)] || null}
      options={options.map((value) => ({
        value,
        label: labelled ? t(`choices.${value}` as ChoiceKey) : value,
      }))}
      error={text(errors[key(name)])}
      onChange={(value) => onChange(key(name), value)}
    />
  );
  const dateHint = t('form.hints.dates', { tz: timeZone });

  if (level === 'campaign')
    return (
      <div className="grid gap-4 md:grid-cols-2">
        {textField('Name')}
        {choice('Objective', FB_OBJECTIVES)}
        {choice('BuyingType', FB_BUYING_TYPES)}
        {amountField('SpendCap')}
      </div>
    );

  if (level === 'adset') {
    const lifetime = values['AdSet.BudgetType'] === 'LIFETIME';
    return (
      <div className="grid gap-4 md:grid-cols-2">
        {textField('Name')}
        {choice('OptimizationGoal', FB_OPTIMIZATION_GOALS)}
        {choice('BidStrategy', FB_BID_STRATEGIES)}
        {amountField('BidAmount', t('form.hints.BidAmount'))}
        {choice('BillingEvent', FB_BILLING_EVENTS)}
        {choice('BudgetType', FB_BUDGET_TYPES)}
        {lifetime ? amountField('LifetimeBudget') : amountField('DailyBudget')}
        {textField('StartDate', { hint: dateHint, placeholder: 'YYYY-MM-DD' })}
        {textField('EndDate', { hint: dateHint, placeholder: 'YYYY-MM-DD' })}
        {textField('Locations', { hint: t('form.hints.Locations', { codes: FB_LOCATIONS.join(', ') }) })}
      </div>
    );
  }

  const mediaId = values['Ad.MediaFileId'] ?? '';
  return (
    <div className="grid gap-4 md:grid-cols-2">
      {textField('Name')}
      {choice('CallToAction', FB_CALL_TO_ACTIONS)}
      <div className="md:col-span-2">
        <Textarea
          label={label('PrimaryText')}
          value={values['Ad.PrimaryText'] ?? ''}
          error={text(errors['Ad.PrimaryText'])}
          counter={{ count: (values['Ad.PrimaryText'] ?? '').length, max: FB_LIMITS.primaryTextMax }}
          rows={4}
          onValueChange={(value) => onChange('Ad.PrimaryText', value)}
        />
      </div>
      {textField('Headline')}
      {textField('Description')}
      <div className="md:col-span-2">{textField('Link', { placeholder: 'https://' })}</div>
      <div className="flex flex-wrap items-center gap-3 md:col-span-2">
        <span className="text-sm font-medium text-slate-700">{label('MediaFileId')}:</span>
        <span className="text-sm text-slate-600">{mediaId ? mediaName || mediaId : t('form.media.none')}</span>
        <Button variant="secondary" onClick={() => setPicking(true)}>
          {t('form.media.choose')}
        </Button>
        {mediaId && (
          <Button variant="ghost" onClick={() => onChange('Ad.MediaFileId', '')}>
            {t('form.media.remove')}
          </Button>
        )}
        {errors['Ad.MediaFileId'] && (
          <p role="alert" className="w-full text-sm text-red-600">
            {text(errors['Ad.MediaFileId'])}
          </p>
        )}
      </div>
      <LibraryPickerDialog
        open={picking}
        accept={IMAGE_TYPES}
        onClose={() => setPicking(false)}
        onChoose={(item) => {
          setMediaName(item.Name);
          onChange('Ad.MediaFileId', item.FileId);
          setPicking(false);
        }}
      />
    </div>
  );
}
