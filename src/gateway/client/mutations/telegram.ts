import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { telegramKeys } from '../queries/telegram';

// Writes of Telegram that are not the composer's (the composer machine saves posts).

export const connectTelegramBotMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['telegram', 'ConnectTGBot'],
    mutationFn: (token: string) => call('ConnectTGBot', { Token: token }),
    onSuccess: () => client.invalidateQueries({ queryKey: telegramKeys.all }),
  });

export const verifyTelegramGroupMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['telegram', 'VerifyTGGroup'],
    mutationFn: (chatId: string) => call('VerifyTGGroup', { ChatId: chatId }),
    onSuccess: () => client.invalidateQueries({ queryKey: telegramKeys.chats() }),
  });

export const deleteTelegramPostsMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['telegram', 'DeleteSMMTGTask'],
    mutationFn: (postIds: string[]) => call('DeleteSMMTGTask', { PostIds: postIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: telegramKeys.posts() }),
  });
