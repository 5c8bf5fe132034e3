import { useActorRef } from '@xstate/react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'wouter';
import { solveTicketMutation } from '../../../gateway/client/mutations/settings';
import { newRepliesQuery } from '../../../gateway/client/queries/account';
import { ticketListsKey, ticketQuery } from '../../../gateway/client/queries/settings';
import { ticketLifecycleKit } from '../../../machines/lifecycles/ticket.machine';
import { ticketComposeMachine } from '../../../machines/ticket-compose.machine';
import type { TicketComment } from '../../../gateway/contract/actions/tickets';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { NotificationsActor } from '../../shell/actors';
import { Card } from '../../ui/Card';
import { Badge } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { ErrorState } from '../../ui/EmptyState';
import { PageLoading } from '../../ui/Spinner';
import { ComposeForm } from './ComposeForm';
import { STATUS_TONE } from './labels';

const time = (seconds: number) => dayjs.unix(seconds).format('YYYY-MM-DD HH:mm');

function CommentItem({ comment }: { comment: TicketComment }) {
  const { t } = useTranslation('settings');
  const staff = comment.Author === 'staff';
  return (
    <li
      className={`rounded-[var(--radius-herald)] border p-3 ${staff ? 'border-brand-100 bg-brand-50' : 'border-slate-200 bg-white'}`}
      data-testid={`comment-${comment.Author}`}
    >
      <p className="mb-1 text-xs text-slate-500">
        <span className="font-medium text-slate-700">
          {staff ? t('tickets.detail.staff') : t('tickets.detail.owner')}
        </span>{' '}
        · {time(comment.CreateTime)}
      </p>
      <p className="whitespace-pre-wrap text-sm">{comment.Comment}</p>
      {comment.Attachments.length > 0 && (
        <ul className="mt-2 flex flex-wrap gap-2">
          {comment.Attachments.map((a) => (
            <li key={a.AttachFileId}>
              <a href={a.MediaURL} target="_blank" rel="noreferrer">
                <img
                  src={a.MediaURL}
                  alt={t('tickets.detail.picture', { name: a.FileName })}
                  className="h-20 w-20 rounded object-cover ring-1 ring-slate-200"
                  data-testid="ticket-picture"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

export default function WorkOrderDetailPage() {
  const { t } = useTranslation(['settings', 'common']);
  const ticketId = Number(useParams<{ ticketId: string }>().ticketId);
  const queryClient = useQueryClient();
  const notifications = NotificationsActor.useActorRef();
  const ticket = useQuery({ ...ticketQuery(ticketId), enabled: Number.isInteger(ticketId) && ticketId > 0 });
  const compose = useActorRef(ticketComposeMachine, { input: { ticketId }, inspect: inspectActor });

  // Reading the ticket cleared its new-reply mark on the server: the top-bar badge falls.
  const loadedAt = ticket.dataUpdatedAt;
  useEffect(() => {
    if (loadedAt) void queryClient.invalidateQueries({ queryKey: newRepliesQuery().queryKey });
  }, [loadedAt, queryClient]);

  useEffect(() => {
    const subscription = compose.subscribe((snapshot) => {
      if (!snapshot.matches('saved')) return;
      notifications.send({ type: 'notify.push', level: 'success', message: t('settings:tickets.form.sent') });
      void queryClient.invalidateQueries({ queryKey: ticketQuery(ticketId).queryKey });
      void queryClient.invalidateQueries({ queryKey: ticketListsKey() });
      compose.send({ type: 'form.reset' });
    });
    return () => subscription.unsubscribe();
  }, [compose, notifications, queryClient, t, ticketId]);

  const solve = useMutation(solveTicketMutation(queryClient));
  const solveTicket = () =>
    solve.mutate(ticketId, {
      onSuccess: () =>
        notifications.send({ type: 'notify.push', level: 'success', message: t('settings:tickets.detail.solved') }),
    });

  if (ticket.isPending) return <PageLoading label={t('common:ui.loading')} />;
  if (ticket.error || !ticket.data)
    return (
      <ErrorState
        message={ticket.error?.message ?? ''}
        onRetry={() => void ticket.refetch()}
        retryLabel={t('common:retry')}
      />
    );
  const { Ticket, Comments } = ticket.data;
  const canComment = ticketLifecycleKit.can(Ticket.Status, 'owner.comment');
  const canSolve = ticketLifecycleKit.can(Ticket.Status, 'owner.solve');

  return (
    <div className="max-w-3xl space-y-4">
      <Link href="/setting/work-order" className="text-sm text-brand-600 hover:underline">
        ← {t('settings:tickets.detail.back')}
      </Link>
      <Card
        title={
          <span className="flex items-center gap-3">
            {t('settings:tickets.detail.title', { id: Ticket.TicketId })}
            <Badge tone={STATUS_TONE[Ticket.Status]} testId="ticket-status">
              {t(`settings:tickets.statuses.${Ticket.Status}`)}
            </Badge>
          </span>
        }
        action={
          canSolve && (
            <Button variant="secondary" loading={solve.isPending} onClick={solveTicket}>
              {t('settings:tickets.detail.solve')}
            </Button>
          )
        }
      >
        <p className="mb-4 text-sm text-slate-500">
          {t(`settings:tickets.categories.${Ticket.Category as 1}`)} ·{' '}
          {t('settings:tickets.detail.submitted', { time: time(Ticket.CreateTime) })}
        </p>
        <ul className="space-y-3">
          {Comments.map((comment) => (
            <CommentItem key={comment.CommentId} comment={comment} />
          ))}
        </ul>
      </Card>
      <Card>
        {canComment ? (
          <ComposeForm compose={compose} withCategory={false} />
        ) : (
          <p className="text-sm text-slate-600">{t('settings:tickets.detail.closed')}</p>
        )}
      </Card>
    </div>
  );
}
