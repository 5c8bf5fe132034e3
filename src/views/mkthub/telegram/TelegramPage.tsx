import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { telegramBotQuery } from '../../../gateway/client/queries/telegram';
import { PageFrame } from '../../ui/PageFrame';
import { BotCard } from './BotCard';
import { GroupsCard } from './GroupsCard';
import { PostsCard } from './PostsCard';

/** /mkthub/tglist: the bot, the groups it is in, the posts. */
export default function TelegramPage() {
  const { t } = useTranslation('mkthub');
  const bot = useQuery(telegramBotQuery());
  const connected = bot.data?.Bot ?? null;
  return (
    <PageFrame title={t('titles.telegram')} description={t('telegram.subtitle')}>
      <div className="flex flex-col gap-6">
        {!bot.isPending && <BotCard bot={connected} />}
        {connected && <GroupsCard />}
        {connected && <PostsCard />}
      </div>
    </PageFrame>
  );
}
