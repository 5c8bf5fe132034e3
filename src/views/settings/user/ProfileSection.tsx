import { useMutation } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { updateUserMutation } from '../../../gateway/client/mutations/settings';
import { SessionActor, useNotify } from '../../shell/actors';
import { TextField } from '../../ui/TextField';
import { Combobox } from '../../ui/Select';
import { Button } from '../../ui/Button';

/** Every zone the browser knows (the server checks the same tz database). */
function timeZones(): string[] {
  const supported =
    (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

function offsetOf(zone: string): string {
  const part = new Intl.DateTimeFormat('en', { timeZone: zone, timeZoneName: 'shortOffset' })
    .formatToParts(new Date())
    .find((p) => p.type === 'timeZoneName');
  return part?.value ?? '';
}

export function ProfileSection() {
  const { t } = useTranslation('settings');
  const { t: tc } = useTranslation('common');
  const notify = useNotify();
  const session = SessionActor.useActorRef();
  const user = SessionActor.useSelector((s) => s.context.userInfo);
  const [enName, setEnName] = useState(user?.EnName ?? '');
  const [cnName, setCnName] = useState(user?.CnName ?? '');
  const [phone, setPhone] = useState(user?.Phone ?? '');
  const [timezone, setTimezone] = useState(user?.Timezone ?? 'UTC');
  const zones = useMemo(() => timeZones().map((zone) => ({ value: zone, label: zone, hint: offsetOf(zone) })), []);
  const phoneInvalid = phone !== '' && !/^\d{1,15}$/.test(phone.trim());
  const save = useMutation(updateUserMutation());
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (!phoneInvalid)
          save.mutate(
            { EnName: enName.trim(), CnName: cnName.trim(), Phone: phone.trim(), Timezone: timezone },
            {
              onSuccess: () => {
                session.send({ type: 'user.reload' });
                notify(t('user.profile.saved'));
              },
            },
          );
      }}
    >
      <TextField label={t('user.profile.enName')} value={enName} maxLength={64} onValueChange={setEnName} />
      <TextField label={t('user.profile.cnName')} value={cnName} maxLength={64} onValueChange={setCnName} />
      <TextField
        label={t('user.profile.phone')}
        value={phone}
        inputMode="numeric"
        hint={t('user.profile.phoneHint')}
        error={phoneInvalid ? t('user.profile.phoneHint') : undefined}
        onValueChange={setPhone}
      />
      <Combobox
        label={t('user.profile.timezone')}
        options={zones}
        value={timezone}
        onChange={setTimezone}
        noMatches={tc('ui.noMatches')}
        testId="timezone"
      />
      <Button type="submit" loading={save.isPending}>
        {t('user.profile.save')}
      </Button>
    </form>
  );
}
