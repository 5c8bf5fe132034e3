import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { assignInboxMutation } from '../../../gateway/client/mutations/inbox-team';
import { inboxTeamQuery } from '../../../gateway/client/queries/inbox-team';
import type { InboxMessage } from '../../../gateway/contract/actions/inbox';
import { INBOX_UNASSIGNED } from '../../../gateway/contract/actions/inbox-team';
import { Select } from '../../ui/Select';

/** Who a message is assigned to (docs/decisions.md "Inbox assignment"): a teammate of the roster or nobody. */
export function AssigneeSelect({ message }: { message: InboxMessage }) {
  const { t } = useTranslation('mkthub');
  const client = useQueryClient();
  const roster = useQuery(inboxTeamQuery());
  const assign = useMutation(assignInboxMutation(client));
  const current = message.Assignee?.TeammateId ?? INBOX_UNASSIGNED;
  return (
    <div className="mt-4">
      <Select<string>
        label={t('inbox.team.assignee')}
        value={current}
        disabled={assign.isPending}
        options={[
          { value: INBOX_UNASSIGNED, label: t('inbox.team.nobody') },
          ...(roster.data?.Teammates ?? []).map((teammate) => ({
            value: teammate.TeammateId,
            label: `${teammate.Name} (${teammate.Email})`,
          })),
        ]}
        onChange={(next) =>
          assign.mutate({ MessageIds: [message.MessageId], TeammateId: next === INBOX_UNASSIGNED ? null : next })
        }
        className="w-72"
      />
      {assign.isSuccess && assign.data.Changed > 0 && assign.variables.TeammateId && (
        <p role="status" className="mt-1 text-xs text-slate-500">
          {t('inbox.team.mailed')}
        </p>
      )}
      {assign.isError && (
        <p role="alert" className="mt-1 text-sm text-red-600">
          {assign.error.message}
        </p>
      )}
    </div>
  );
}

/** The list's assignee filter: everyone, nobody, or one teammate. */
export function AssigneeFilter({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const { t } = useTranslation('mkthub');
  const roster = useQuery(inboxTeamQuery());
  return (
    <Select<string>
      label={t('inbox.team.filter')}
      value={value}
      options={[
        { value: '', label: t('inbox.team.anyone') },
        { value: INBOX_UNASSIGNED, label: t('inbox.team.unassigned') },
        ...(roster.data?.Teammates ?? []).map((teammate) => ({ value: teammate.TeammateId, label: teammate.Name })),
      ]}
      onChange={onChange}
      className="w-44"
    />
  );
}
