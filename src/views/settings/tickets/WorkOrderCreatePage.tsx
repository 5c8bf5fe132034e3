import { useActorRef, useSelector } from '@xstate/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { ticketComposeMachine } from '../../../machines/ticket-compose.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { NotificationsActor } from '../../shell/actors';
import { ticketListsKey } from '../../../gateway/client/queries/settings';
import { Card } from '../../ui/Card';
import { ComposeForm } from './ComposeForm';
import { PageFrame } from '../../ui/PageFrame';
import { LeaveGuard } from '../../common/LeaveGuard';
import { useChangedSinceReady } from '../../common/useChangedSinceReady';

export default function WorkOrderCreatePage() {
  const { t } = useTranslation('settings');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const notifications = NotificationsActor.useActorRef();
  const compose = useActorRef(ticketComposeMachine, { input: {}, inspect: inspectActor });
  const typed = useSelector(compose, (s) =>
    JSON.stringify([s.context.category, s.context.comment, s.context.pictures.length]),
  );
  const saved = useSelector(compose, (s) => s.matches('saved'));
  const changed = useChangedSinceReady(true, typed);
  useEffect(() => {
    const subscription = compose.subscribe((snapshot) => {
      if (snapshot.matches('saved') && snapshot.context.savedTicketId !== null) {
        const id = snapshot.context.savedTicketId;
        void queryClient.invalidateQueries({ queryKey: ticketListsKey() });
        notifications.send({ type: 'notify.push', level: 'success', message: t('tickets.form.created', { id }) });
        navigate(`/setting/work-order/${id}`);
      }
    });
    return () => subscription.unsubscribe();
  }, [compose, navigate, notifications, queryClient, t]);
  return (
    <PageFrame title={t('crumbs.workOrderCreate')} description={t('tickets.createSubtitle')}>
      <LeaveGuard dirty={changed && !saved} />
      <Card className="max-w-2xl">
        <ComposeForm compose={compose} withCategory />
      </Card>
    </PageFrame>
  );
}
