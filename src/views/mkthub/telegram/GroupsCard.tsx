import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { verifyTelegramGroupMutation } from '../../../gateway/client/mutations/telegram';
import { telegramChatsQuery } from '../../../gateway/client/queries/telegram';
import type { TgChat } from '../../../gateway/contract/actions/telegram';
import { Badge } from '../../ui/Badge';
import { Card } from '../../ui/Card';
import { DataTable, RowAction } from '../../ui/DataTable';

/** The groups the bot has seen (GetSMMTGFrequentChatId); a group becomes a post target once verified. */
export function GroupsCard() {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const chats = useQuery(telegramChatsQuery(true));
  const verify = useMutation(verifyTelegramGroupMutation(client));
  const max = chats.data?.MaxVerified;
  return (
    <Card title={t('telegram.groups.title')}>
      <p className="mb-3 text-sm text-slate-600">
        {max != null
          ? t('telegram.groups.trialCount', { count: chats.data?.VerifiedCount ?? 0, max })
          : t('telegram.groups.subtitle')}
      </p>
      {verify.error && (
        <p role="alert" className="mb-3 text-sm text-red-700">
          {verify.error.message}
        </p>
      )}
      <DataTable<TgChat>
        caption={t('telegram.groups.title')}
        rows={chats.data?.Chats}
        rowKey={(chat) => chat.ChatId}
        isLoading={chats.isPending}
        error={chats.isError ? chats.error.message : null}
        onRetry={() => void chats.refetch()}
        empty={{ title: t('telegram.groups.emptyTitle'), description: t('telegram.groups.emptyBody') }}
        columns={[
          { key: 'title', header: t('telegram.groups.columns.title'), cell: (chat) => chat.Title },
          { key: 'id', header: t('telegram.groups.columns.chatId'), cell: (chat) => chat.ChatId },
          {
            key: 'verified',
            header: t('telegram.groups.columns.verified'),
            cell: (chat) =>
              chat.Verified ? (
                <Badge tone="success">{t('telegram.groups.verified')}</Badge>
              ) : (
                <Badge tone="muted">{t('telegram.groups.unverified')}</Badge>
              ),
          },
        ]}
        rowActions={(chat) =>
          !chat.Verified && (
            <RowAction onClick={() => verify.mutate(chat.ChatId)}>
              {t('telegram.groups.verify', { title: chat.Title })}
            </RowAction>
          )
        }
      />
    </Card>
  );
}
