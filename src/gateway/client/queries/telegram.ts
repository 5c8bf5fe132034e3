import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { call } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { TG_POST_STATUS } from '../../contract/telegram';

// Reads of Telegram in the Marketing hub: the bot, its groups, the posts.

export const telegramKeys = {
  all: ['telegram'] as const,
  bot: () => [...telegramKeys.all, 'bot'] as const,
  chats: () => [...telegramKeys.all, 'chats'] as const,
  posts: () => [...telegramKeys.all, 'posts'] as const,
};

export const telegramBotQuery = () =>
  queryOptions({ queryKey: telegramKeys.bot(), queryFn: () => call('GetTGBot', {}) });

export const telegramChatsQuery = (enabled: boolean) =>
  queryOptions({ queryKey: telegramKeys.chats(), queryFn: () => call('GetSMMTGFrequentChatId', {}), enabled });

const settling = new Set<number>([TG_POST_STATUS.Submitted, TG_POST_STATUS.Sending]);

export const telegramPostsQuery = (input: ActionInput<'ListTGTask'>) =>
  queryOptions({
    queryKey: [...telegramKeys.posts(), input],
    queryFn: () => call('ListTGTask', input),
    placeholderData: keepPreviousData,
    // A post on its way keeps the list asking until it is Completed.
    refetchInterval: (query) => (query.state.data?.Posts.some((post) => settling.has(post.Status)) ? 2_000 : false),
  });
