import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { updateNotificationSettingsMutation } from '../../../gateway/client/mutations/settings';
import { NOTIFICATION_TOPICS, type NotificationTopic } from '../../../gateway/contract/actions/settings';
import { splitPastedList } from '../../../gateway/contract/validators';
import { notificationSettingsQuery } from '../../../gateway/client/queries/settings';
import { useNotify } from '../../shell/actors';
import { Textarea } from '../../ui/Textarea';
import { Button } from '../../ui/Button';
import { PageLoading } from '../../ui/Spinner';

function NotificationSettingsForm({ initial }: { initial: { Emails: string[]; Topics: NotificationTopic[] } }) {
  const { t } = useTranslation('settings');
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [emails, setEmails] = useState(initial.Emails.join('\n'));
  const [topics, setTopics] = useState<NotificationTopic[]>(initial.Topics);
  const save = useMutation(updateNotificationSettingsMutation(queryClient));
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={(e) => {
        e.preventDefault();
        if (topics.length > 0)
          save.mutate(
            { Emails: splitPastedList(emails), Topics: topics },
            { onSuccess: () => notify(t('user.notify.saved')) },
          );
      }}
    >
      <p className="text-sm text-slate-600">{t('user.notify.intro')}</p>
      <Textarea
        label={t('user.notify.emails')}
        rows={3}
        value={emails}
        hint={t('user.notify.emailsHint')}
        onValueChange={setEmails}
      />
      <fieldset>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('user.notify.topics')}</legend>
        <div className="space-y-1">
          {NOTIFICATION_TOPICS.map((topic) => {
            const checked = topics.includes(topic);
            // Spec 001 §5: at least one topic stays checked, so the last one cannot be cleared.
            const last = checked && topics.length === 1;
            return (
              <label
                key={topic}
                className="flex items-center gap-2 text-sm"
                title={last ? t('user.notify.topicRequired') : undefined}
              >
                <input
                  type="checkbox"
                  className="h-4 w-4 accent-brand-600"
                  checked={checked}
                  disabled={last}
                  onChange={() => setTopics(checked ? topics.filter((x) => x !== topic) : [...topics, topic])}
                />
                {t(`user.notify.topic.${topic}`)}
              </label>
            );
          })}
        </div>
        {topics.length === 1 && <p className="mt-1 text-xs text-slate-500">{t('user.notify.topicRequired')}</p>}
      </fieldset>
      <div className="flex items-center gap-4">
        <Button type="submit" loading={save.isPending}>
          {t('user.notify.save')}
        </Button>
        <Link href="/notification" className="text-sm text-brand-600 hover:underline">
          {t('user.notify.viewAll')}
        </Link>
      </div>
    </form>
  );
}

export function NotificationSettingsSection() {
  const { t } = useTranslation('common');
  const settings = useQuery(notificationSettingsQuery());
  if (!settings.data) return <PageLoading label={t('ui.loading')} />;
  return <NotificationSettingsForm initial={settings.data} />;
}
