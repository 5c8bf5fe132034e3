import { useQuery } from '@tanstack/react-query';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { smsTimeZonesQuery } from '../../../gateway/client/queries/sms';
import type { SendField } from '../../../machines/sms-send.machine';
import { useText } from '../useText';
import { Card } from '../../ui/Card';
import { Combobox } from '../../ui/Select';
import { Segmented } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import type { ChannelSendActor } from './send-actor';

/** The compose step's schedule, for every channel: send now, or at a time in a time zone. */
export function ScheduleCard({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation('sms');
  const text = useText();
  const form = useSelector(actor, (s) => s.context.form);
  const errors = useSelector(actor, (s) => s.context.fieldErrors);
  const zones = useQuery(smsTimeZonesQuery());
  const set = (field: SendField) => (value: string) => actor.send({ type: 'field.change', field, value });
  return (
    <Card title={t('send.sections.schedule')}>
      <div className="flex flex-col gap-4">
        <Segmented
          label={t('send.fields.sendType')}
          value={form.sendType}
          onChange={set('sendType')}
          options={[
            { value: 'immediate', label: t('send.immediate') },
            { value: 'scheduled', label: t('send.scheduled') },
          ]}
        />
        {form.sendType === 'scheduled' && (
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              type="datetime-local"
              label={t('send.fields.scheduledTime')}
              value={form.scheduledTime.replace(' ', 'T')}
              onValueChange={set('scheduledTime')}
              error={text(errors.scheduledTime)}
            />
            <Combobox
              label={t('send.fields.timeZone')}
              value={form.timeZone}
              noMatches={t('send.noTimeZones')}
              error={text(errors.timeZone)}
              options={(zones.data?.TimeZones ?? []).map((z) => ({
                value: z.ZoneKey,
                label: `${z.ZoneKey} (UTC${z.Offset})`,
                hint: z.Area,
              }))}
              onChange={set('timeZone')}
            />
          </div>
        )}
      </div>
    </Card>
  );
}
