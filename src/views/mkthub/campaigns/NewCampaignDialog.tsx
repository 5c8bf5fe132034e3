import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { CAMPAIGN_TYPES, type CampaignType } from '../../../gateway/contract/actions/campaigns';
import { PLAN_AIMS, type PlanAim } from '../../../gateway/contract/actions/mkt-plans';
import { campaignNameField } from '../../../gateway/contract/actions/sms-common';
import { marketingNameCheckQuery } from '../../../gateway/client/queries/campaigns';
import { newCampaignPath } from '../../common/campaign-view';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

/** "New campaign": its name, aim and channel, then the chooser of /campaign/create/{name}/{aim}/{type}. */
export function NewCampaignDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('mkthub');
  const text = useText();
  const [, navigate] = useLocation();
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [aim, setAim] = useState<PlanAim>(1);
  const [type, setType] = useState<CampaignType>('sms');
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const submit = async () => {
    const parsed = campaignNameField.safeParse(name);
    if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'validation:invalid');
    setChecking(true);
    try {
      // Spec 001 §5: plan and campaign names are unique; said here, before the message is written.
      const { Available } = await client.fetchQuery(marketingNameCheckQuery(parsed.data));
      if (!Available) return setError('errors:PlanNameExists');
    } catch {
      // the check is a courtesy: the save refuses a taken name anyway
    } finally {
      setChecking(false);
    }
    navigate(newCampaignPath(parsed.data, aim, type));
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('campaigns.newTitle')}
      description={t('campaigns.newBody')}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('campaigns.cancel')}
          </Button>
          <Button type="submit" form="new-campaign" loading={checking}>
            {t('campaigns.continue')}
          </Button>
        </>
      }
    >
      <form
        id="new-campaign"
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={t('campaigns.columns.name')}
          value={name}
          error={text(error)}
          hint={t('campaigns.nameHint')}
          onValueChange={(value) => {
            setName(value);
            setError(null);
          }}
          autoFocus
        />
        <Select<PlanAim>
          label={t('plans.columns.aim')}
          value={aim}
          options={PLAN_AIMS.map((value) => ({ value, label: t(`plans.aims.${value}`) }))}
          onChange={setAim}
        />
        <Select<CampaignType>
          label={t('campaigns.columns.channel')}
          value={type}
          options={CAMPAIGN_TYPES.map((value) => ({ value, label: t(`kinds.${value}`) }))}
          onChange={setType}
        />
      </form>
    </Dialog>
  );
}
