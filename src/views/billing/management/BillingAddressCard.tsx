import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBillingAddressMutation, type BillingAddressInput } from '../../../gateway/client/mutations/billing';
import { billingAddressQuery } from '../../../gateway/client/queries/billing';
import { COUNTRIES } from '../../../gateway/contract/countries';
import { useNotify } from '../../shell/actors';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { Combobox } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

const EMPTY: BillingAddressInput = {
  Name: '',
  Company: '',
  Line1: '',
  Line2: '',
  City: '',
  State: '',
  PostalCode: '',
  Country: '',
  TaxId: '',
};
type AddressLabel = 'name' | 'company' | 'line1' | 'line2' | 'city' | 'region' | 'postalCode' | 'taxId';
const REQUIRED = ['Name', 'Line1', 'City', 'PostalCode', 'Country'] as const;

/** The address printed on invoices. */
export function BillingAddressCard() {
  const { t, i18n } = useTranslation('billing');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const saved = useQuery(billingAddressQuery());
  const [form, setForm] = useState<BillingAddressInput>(EMPTY);
  const [missing, setMissing] = useState(false);
  const save = useMutation(saveBillingAddressMutation(queryClient));
  useEffect(() => {
    if (saved.data?.Address) setForm({ ...EMPTY, ...saved.data.Address });
  }, [saved.data]);
  const field = (name: keyof BillingAddressInput, key: `address.${AddressLabel}`) => (
    <TextField
      label={t(key)}
      value={form[name] ?? ''}
      onValueChange={(value) => setForm((current) => ({ ...current, [name]: value }))}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const incomplete = REQUIRED.some((name) => !form[name]?.trim());
    setMissing(incomplete);
    if (!incomplete) save.mutate(form, { onSuccess: () => notify(t('address.saved')) });
  };
  return (
    <Card title={t('address.title')}>
      <form onSubmit={submit} noValidate className="space-y-3" aria-label={t('address.title')}>
        <p className="text-sm text-slate-600">{t('address.intro')}</p>
        {field('Name', 'address.name')}
        {field('Company', 'address.company')}
        {field('Line1', 'address.line1')}
        {field('Line2', 'address.line2')}
        <div className="grid grid-cols-2 gap-3">
          {field('City', 'address.city')}
          {field('State', 'address.region')}
          {field('PostalCode', 'address.postalCode')}
          <Combobox<string>
            label={t('address.country')}
            value={form.Country || null}
            noMatches={t('address.noMatches')}
            onChange={(Country) => setForm((current) => ({ ...current, Country }))}
            options={COUNTRIES.map((country) => ({
              value: country.CountryCode,
              label: i18n.language === 'zh' ? country.CountryAlias : country.CountryName,
            }))}
          />
        </div>
        {field('TaxId', 'address.taxId')}
        {missing && (
          <p role="alert" className="text-sm text-red-600">
            {t('address.required')}
          </p>
        )}
        <Button type="submit" loading={save.isPending}>
          {t('address.save')}
        </Button>
      </form>
    </Card>
  );
}
