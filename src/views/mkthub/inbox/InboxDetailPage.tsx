import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { changeInboxMutation, replyInboxMutation } from '../../../gateway/client/mutations/inbox';
import { inboxMessageQuery } from '../../../gateway/client/queries/inbox';
import type { InboxMessage } from '../../../gateway/contract/actions/inbox';
import { newIdempotencyKey } from '../../../gateway/contract/idempotency-key';
import { INBOX_LIMITS, INBOX_PLATFORM, INBOX_STATUS, replyRefusal } from '../../../gateway/contract/inbox';
import { inboxMessageLifecycle } from '../../../machines/lifecycles/inbox-message.machine';
import { formatTime } from '../../common/format';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { EmptyState, ErrorState } from '../../ui/EmptyState';
import { PageFrame } from '../../ui/PageFrame';
import { PageLoading } from '../../ui/Spinner';
import { Textarea } from '../../ui/Textarea';
import { STATUS_TONE, statusKey, typeKeys } from './inbox-labels';
import { TemplateReply } from './TemplateReply';
import { AssigneeSelect } from './AssigneeSelect';

const backLink = 'text-sm font-medium text-brand-700 hover:underline';

/** /mkthub/inbox/detail/{MessageId}: one message, its replies and the reply box. Opening it reviews it. */
export default function InboxDetailPage() {
  const { t } = useTranslation('mkthub');
  const { messageId = '' } = useParams<{ messageId: string }>();
  const client = useQueryClient();
  const detail = useQuery(inboxMessageQuery(messageId));
  const change = useMutation(changeInboxMutation(client));
  const reviewed = useRef(false);
  const message = detail.data?.Message;
  useEffect(() => {
    if (message?.Status !== INBOX_STATUS.Unread || reviewed.current) return;
    reviewed.current = true;
    change.mutate({ MessageIds: [message.MessageId], Change: 'review' });
  }, [message, change]);

  const title = t('titles.inboxDetail');
  const back = (
    <Link href="/mkthub/inbox" className={backLink}>
      {t('inbox.back')}
    </Link>
  );
  if (detail.isPending)
    return (
      <PageFrame title={title}>
        <PageLoading label={t('inbox.loading')} />
      </PageFrame>
    );
  if (detail.isError || !message)
    return (
      <PageFrame title={title} actions={back}>
        <Card>
          <ErrorState
            message={detail.error?.message || t('inbox.loadFailed')}
            onRetry={() => void detail.refetch()}
            retryLabel={t('inbox.retry')}
          />
        </Card>
      </PageFrame>
    );
  const keys = typeKeys(message.Type);
  const act = (Change: 'favorite' | 'unfavorite' | 'archive' | 'restore' | 'markUnread') =>
    change.mutate({ MessageIds: [message.MessageId], Change });
  return (
    <PageFrame title={title} actions={back}>
      <div className="flex flex-col gap-6">
        <Card
          title={message.SenderName || t('inbox.unknownSender')}
          action={<Badge tone={STATUS_TONE[message.Status]}>{t(statusKey(message.Status))}</Badge>}
        >
          <p className="mb-3 text-xs text-slate-500">
            {t(keys.platform)} · {t(keys.kind)} · {message.ChatTitle} · {formatTime(message.ReceivedTime)}
          </p>
          <p className="whitespace-pre-wrap text-slate-900">{message.Text}</p>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button variant="secondary" onClick={() => act(message.Favorited ? 'unfavorite' : 'favorite')}>
              {t(message.Favorited ? 'inbox.actions.unfavorite' : 'inbox.actions.favorite')}
            </Button>
            {inboxMessageLifecycle.can(message.Status, 'message.markUnread') && (
              <Button variant="secondary" onClick={() => act('markUnread')}>
                {t('inbox.actions.markUnread')}
              </Button>
            )}
            {inboxMessageLifecycle.can(message.Status, 'message.archive') && (
              <Button variant="secondary" onClick={() => act('archive')}>
                {t('inbox.actions.archive')}
              </Button>
            )}
            {inboxMessageLifecycle.can(message.Status, 'message.restore') && (
              <Button variant="secondary" onClick={() => act('restore')}>
                {t('inbox.actions.restore')}
              </Button>
            )}
          </div>
          {change.isError && (
            <p role="alert" className="mt-2 text-sm text-red-600">
              {change.error.message}
            </p>
          )}
          <AssigneeSelect message={message} />
        </Card>
        <Card title={t('inbox.replies')}>
          {detail.data.Replies.length === 0 ? (
            <EmptyState title={t('inbox.noReplies')} testId="no-replies" />
          ) : (
            <ul className="mb-4 flex flex-col gap-3">
              {detail.data.Replies.map((reply) => (
                <li key={`${reply.CreateTime}-${reply.Text}`} className="rounded bg-brand-50 p-3 text-sm">
                  <p className="whitespace-pre-wrap text-slate-900">{reply.Text}</p>
                  <p className="mt-1 text-xs text-slate-500">
                    {t(`inbox.replyResults.${reply.Result as 'sent'}`)} · {formatTime(reply.CreateTime)}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <ReplyBox message={message} />
          {message.PlatformType === INBOX_PLATFORM.WhatsApp && message.Status !== INBOX_STATUS.Archived && (
            <div className="mt-4">
              <TemplateReply message={message} />
            </div>
          )}
        </Card>
      </div>
    </PageFrame>
  );
}

/** The reply box: at most 1000 characters, one IdempotencyKey per text until it is sent. */
function ReplyBox({ message }: { message: InboxMessage }) {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const [text, setText] = useState('');
  const key = useRef<{ text: string; key: string } | null>(null);
  const reply = useMutation(replyInboxMutation(client));
  const refusal = replyRefusal(
    { typeCode: message.Type, receivedAtMs: message.ReceivedTime * 1000, status: message.Status },
    Date.now(),
  );
  if (refusal)
    return (
      <p role="status" className="rounded bg-amber-50 p-3 text-sm text-amber-800">
        {t(`inbox.refusals.${refusal}`)}
      </p>
    );
  const trimmed = text.trim();
  const tooLong = trimmed.length > INBOX_LIMITS.replyMax;
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        if (!trimmed || tooLong) return;
        if (key.current?.text !== trimmed) key.current = { text: trimmed, key: newIdempotencyKey() };
        reply.mutate(
          { MessageId: message.MessageId, Text: trimmed, IdempotencyKey: key.current.key },
          {
            onSuccess: () => {
              key.current = null;
              setText('');
            },
          },
        );
      }}
    >
      <Textarea
        label={t('inbox.replyLabel')}
        value={text}
        onValueChange={setText}
        counter={{ count: trimmed.length, max: INBOX_LIMITS.replyMax }}
        error={tooLong ? t('inbox.replyTooLong') : reply.isError ? reply.error.message : undefined}
        rows={3}
      />
      <div>
        <Button type="submit" loading={reply.isPending} disabled={!trimmed || tooLong}>
          {t('inbox.send')}
        </Button>
      </div>
    </form>
  );
}
