import type { CallbackChannel } from '../../../gateway/client/queries/channel-settings';
import { AlarmRulesCard } from './AlarmRulesCard';
import { CallbackCard } from './CallbackCard';
import { LimitsCard } from './LimitsCard';

/**
 * A channel's settings page body (/sms/setting, /mms/setting, /vms/overview): delivery-report callback,
 * send-count alarms and sending limits, each on the channel's own Actions.
 */
export function ChannelSettings({
  channel,
  notify,
  countLabel,
}: {
  channel: CallbackChannel;
  notify: (text: string) => void;
  countLabel?: string;
}) {
  return (
    <div className="flex flex-col gap-6">
      <CallbackCard channel={channel} notify={notify} />
      <AlarmRulesCard channel={channel} notify={notify} countLabel={countLabel} />
      <LimitsCard channel={channel} notify={notify} />
    </div>
  );
}
