import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { connectTelegramBotMutation } from '../../../gateway/client/mutations/telegram';
import type { TgBot } from '../../../gateway/contract/actions/telegram';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { TextField } from '../../ui/TextField';

/** The account's bot, and the form that connects one (or another) by its Bot API token. */
export function BotCard({ bot }: { bot: TgBot | null }) {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const [token, setToken] = useState('');
  const connect = useMutation(connectTelegramBotMutation(client));
  return (
    <Card title={t('telegram.bot.title')}>
      {bot && (
        <p className="mb-4 text-sm text-slate-700" data-testid="tg-bot">
          {t('telegram.bot.connected', { name: bot.FirstName, username: bot.Username, hint: bot.TokenHint })}
        </p>
      )}
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          connect.mutate(token.trim(), { onSuccess: () => setToken('') });
        }}
      >
        <TextField
          label={t('telegram.bot.token')}
          hint={t('telegram.bot.tokenHint')}
          value={token}
          autoComplete="off"
          spellCheck={false}
          onValueChange={setToken}
          error={connect.error?.message}
          className="w-[28rem] max-w-full"
        />
        <Button type="submit" loading={connect.isPending} disabled={!token.trim()}>
          {bot ? t('telegram.bot.replace') : t('telegram.bot.connect')}
        </Button>
      </form>
    </Card>
  );
}
