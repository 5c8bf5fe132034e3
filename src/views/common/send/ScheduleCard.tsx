import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { smsTimeZonesQuery } from '../../../gateway/client/queries/sms';
import { Card } from '../../ui/Card';
import { Combobox } from '../../ui/Select';
import { Segmented } from '../../ui/Tabs';
import { TextField } from '../../ui/TextField';
import { useSendField } from './ComposeFields';
import type { ChannelSendActor } from './send-actor';

/** The compose step's schedule, for every channel: send now, or at a time in a time zone. */
export function ScheduleCard({ actor }: { actor: ChannelSendActor }) {
  const { t } = useTranslation('sms');
  const sendType = useSendField(actor, 'sendType');
  const scheduledTime = useSendField(actor, 'scheduledTime');
  const timeZone = useSendField(actor, 'timeZone');
  const zones = useQuery(smsTimeZonesQuery());
  return (
    <Card title={t('send.sections.schedule')}>
      <div className="flex flex-col gap-4">
        <Segmented
          label={t('send.fields.sendType')}
          value={sendType.value}
          onChange={sendType.onValueChange}
          options={[
            { value: 'immediate', label: t('send.immediate') },
            { value: 'scheduled', label: t('send.scheduled') },
          ]}
        />
        {sendType.value === 'scheduled' && (
          <div className="grid gap-4 md:grid-cols-2">
            <TextField
              type="datetime-local"
              label={t('send.fields.scheduledTime')}
              value={scheduledTime.value.replace(' ', 'T')}
              onValueChange={scheduledTime.onValueChange}
              error={scheduledTime.error}
            />
            <Combobox
              label={t('send.fields.timeZone')}
              value={timeZone.value}
              noMatches={t('send.noTimeZones')}
              error={timeZone.error}
              options={(zones.data?.TimeZones ?? []).map((z) => ({
                value: z.ZoneKey,
                label: `${z.ZoneKey} (UTC${z.Offset})`,
                hint: z.Area,
              }))}
              onChange={timeZone.onValueChange}
            />
          </div>
        )}
      </div>
    </Card>
  );
}
