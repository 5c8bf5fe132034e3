import { useQuery } from '@tanstack/react-query';
import { useActorRef, useSelector } from '@xstate/react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams, useRoute } from 'wouter';
import { telegramChatsQuery } from '../../../gateway/client/queries/telegram';
import { TG_LIMITS } from '../../../gateway/contract/telegram';
import { composerFieldErrors, tgPostComposerMachine } from '../../../machines/tg-post-composer.machine';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useChangedSinceReady } from '../../common/useChangedSinceReady';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { useText } from '../../common/useText';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { PageFrame } from '../../ui/PageFrame';
import { Textarea } from '../../ui/Textarea';
import { TextField } from '../../ui/TextField';
import { ImageField } from './ImageField';

/** /mkthub/post/tg/message[/{postId}] and /mkthub/copypost/tg/message/{copyid}: write, target, send. */
export default function TgPostPage() {
  const { t } = useTranslation('mkthub');
  const text = useText();
  const [, navigate] = useLocation();
  const { tgPostId: postId, copyid } = useParams<{ tgPostId?: string; copyid?: string }>();
  const [copying] = useRoute('/mkthub/copypost/tg/message/:copyid');
  const composer = useActorRef(tgPostComposerMachine, {
    input: copying ? { copyId: copyid } : { postId },
    inspect: inspectActor,
  });
  const state = useSelector(composer, (s) => (typeof s.value === 'string' ? s.value : ''));
  const context = useSelector(composer, (s) => s.context);
  const canSubmit = useSelector(composer, (s) => s.can({ type: 'post.submit' }));
  const canDraft = useSelector(composer, (s) => s.can({ type: 'post.saveDraft' }));
  const changed = useChangedSinceReady(state === 'editing', [
    context.text,
    context.image,
    context.chatIds,
    context.sendTime,
  ]);
  const chats = useQuery(telegramChatsQuery(true));
  const verified = chats.data?.Chats.filter((chat) => chat.Verified) ?? [];
  const fieldErrors = composerFieldErrors(context.error);
  const busy = state === 'savingDraft' || state === 'submitting';
  const textMax = context.image ? TG_LIMITS.captionMax : TG_LIMITS.textMax;

  useEffect(() => {
    if (state === 'saved') navigate('/mkthub/tglist');
  }, [state, navigate]);

  const title = copying ? t('titles.copyTgPost') : postId ? t('titles.editTgPost') : t('titles.newTgPost');
  if (state === 'loading' || state === 'starting')
    return <PageFrame title={title}>{t('telegram.composer.loading')}</PageFrame>;
  if (state === 'loadFailed')
    return (
      <PageFrame title={title}>
        <p role="alert" className="mb-3 text-sm text-red-700">
          {context.error instanceof Error ? context.error.message : t('telegram.composer.loadFailed')}
        </p>
        <Button onClick={() => composer.send({ type: 'load.retry' })}>{t('telegram.composer.retry')}</Button>
      </PageFrame>
    );

  return (
    <PageFrame title={title} description={t('telegram.composer.subtitle')}>
      <LeaveGuard dirty={changed && state !== 'saved'} />
      <Card>
        <form
          className="flex flex-col gap-5"
          onSubmit={(event) => {
            event.preventDefault();
            composer.send({ type: 'post.submit' });
          }}
        >
          <Textarea
            label={t('telegram.composer.text')}
            value={context.text}
            rows={6}
            counter={{ count: context.text.trim().length, max: textMax }}
            error={text(fieldErrors.Text) || undefined}
            onValueChange={(value) => composer.send({ type: 'text.change', value })}
          />
          <ImageField composer={composer} serverError={fieldErrors.ImageFileId} />
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">{t('telegram.composer.groups')}</legend>
            {verified.length === 0 && <p className="text-sm text-slate-600">{t('telegram.composer.noGroups')}</p>}
            <div className="flex flex-col gap-2">
              {verified.map((chat) => (
                <label key={chat.ChatId} className="flex items-center gap-2 text-sm text-slate-700">
                  <input
                    type="checkbox"
                    checked={context.chatIds.includes(chat.ChatId)}
                    onChange={() => composer.send({ type: 'group.toggle', chatId: chat.ChatId })}
                  />
                  {chat.Title}
                </label>
              ))}
            </div>
            {fieldErrors.ChatIds && (
              <p role="alert" className="mt-2 text-sm text-red-700">
                {text(fieldErrors.ChatIds)}
              </p>
            )}
          </fieldset>
          <TextField
            label={t('telegram.composer.sendTime')}
            hint={t('telegram.composer.sendTimeHint')}
            type="datetime-local"
            value={context.sendTime ? dayjs.unix(context.sendTime).format('YYYY-MM-DDTHH:mm') : ''}
            onValueChange={(value) =>
              composer.send({ type: 'schedule.set', sendTime: value ? dayjs(value).unix() : null })
            }
            className="w-64"
          />
          {context.error != null && Object.keys(fieldErrors).length === 0 && (
            <p role="alert" className="text-sm text-red-700">
              {context.error instanceof Error ? context.error.message : ''}
            </p>
          )}
          <div className="flex gap-3">
            <Button type="submit" disabled={!canSubmit || busy} loading={state === 'submitting'}>
              {context.sendTime ? t('telegram.composer.schedule') : t('telegram.composer.sendNow')}
            </Button>
            <Button
              type="button"
              variant="secondary"
              disabled={!canDraft || busy}
              loading={state === 'savingDraft'}
              onClick={() => composer.send({ type: 'post.saveDraft' })}
            >
              {t('telegram.composer.saveDraft')}
            </Button>
          </div>
        </form>
      </Card>
    </PageFrame>
  );
}
