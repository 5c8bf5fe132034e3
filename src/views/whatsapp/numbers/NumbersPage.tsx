import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { disconnectWhatsAppMutation, refreshWhatsAppNumbersMutation } from '../../../gateway/client/mutations/whatsapp';
import { whatsappNumbersQuery } from '../../../gateway/client/queries/whatsapp';
import { whatsappSignUpMachine, type WhatsAppSignUpReturn } from '../../../machines/whatsapp-sign-up.machine';
import { inspectActor } from '../../../statecharts/inspection-bus';
import { gatewayMessage } from '../../gateway-bridge';
import { formatTime } from '../../common/format';
import { Button } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { ConfirmDialog } from '../../ui/Dialog';
import { PageFrame } from '../../ui/PageFrame';
import { NumbersTable } from './NumbersTable';
import { SignUpCard } from './SignUpCard';

/** What the sign-up sent back in the address (docs/decisions.md "WhatsApp numbers": a redirect, not a popup). */
function returnedFrom(search: string): WhatsAppSignUpReturn {
  const query = new URLSearchParams(search);
  const pick = (name: string) => query.get(name) ?? undefined;
  return { code: pick('code'), state: pick('state'), error: pick('error') };
}

/** /whatsapp/number: connect the business account by embedded sign-up; its numbers, refresh, disconnect. */
export default function NumbersPage() {
  const { t } = useTranslation('whatsapp');
  const client = useQueryClient();
  const search = useSearch();
  const [, navigate] = useLocation();
  const [returned] = useState(() => returnedFrom(search));
  const signUp = useActorRef(
    whatsappSignUpMachine.provide({ actions: { goToSignUp: (_, params) => window.location.assign(params.url) } }),
    { input: { client, returned }, inspect: inspectActor },
  );
  // The code and state are spent once: the address forgets them, so a reload shows the numbers.
  useEffect(() => {
    if (returned.code || returned.state || returned.error) navigate('/whatsapp/number', { replace: true });
  }, [returned, navigate]);

  const numbers = useQuery(whatsappNumbersQuery());
  const refresh = useMutation(refreshWhatsAppNumbersMutation(client));
  const disconnect = useMutation(disconnectWhatsAppMutation(client));
  const [confirming, setConfirming] = useState(false);
  const account = numbers.data?.Account ?? null;

  return (
    <PageFrame
      title={t('titles.numbers')}
      description={t('numbers.subtitle')}
      actions={
        account && (
          <>
            <Button variant="secondary" loading={refresh.isPending} onClick={() => refresh.mutate()}>
              {t('numbers.refresh')}
            </Button>
            <Button variant="danger" onClick={() => setConfirming(true)}>
              {t('numbers.disconnect')}
            </Button>
          </>
        )
      }
    >
      <div className="flex flex-col gap-6">
        <SignUpCard signUp={signUp} hasAccount={account !== null} />
        {refresh.isError && (
          <p role="alert" className="text-sm text-red-700">
            {gatewayMessage(refresh.error) ?? t('numbers.refreshFailed')}
          </p>
        )}
        {refresh.isSuccess && (
          <p role="status" className="text-sm text-slate-600">
            {t('numbers.refreshed')}
          </p>
        )}
        {(account || numbers.isPending || numbers.isError) && (
          <Card
            title={
              account
                ? t('numbers.account', {
                    name: account.Name,
                    id: account.WabaId,
                    time: formatTime(account.ConnectTime),
                  })
                : t('titles.numbers')
            }
          >
            <NumbersTable
              numbers={numbers.data?.Numbers}
              isLoading={numbers.isPending}
              error={numbers.isError ? (gatewayMessage(numbers.error) ?? t('loadFailed')) : null}
              onRetry={() => void numbers.refetch()}
            />
          </Card>
        )}
      </div>
      <ConfirmDialog
        open={confirming}
        danger
        title={t('numbers.disconnectTitle')}
        description={t('numbers.disconnectDescription', { name: account?.Name ?? '' })}
        confirmLabel={t('numbers.disconnect')}
        busy={disconnect.isPending}
        error={disconnect.isError ? (gatewayMessage(disconnect.error) ?? undefined) : undefined}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              refresh.reset();
              signUp.send({ type: 'account.disconnected' });
            },
          })
        }
        onClose={() => {
          setConfirming(false);
          disconnect.reset();
        }}
      />
    </PageFrame>
  );
}
