import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addTeammateMutation, removeTeammateMutation } from '../../../gateway/client/mutations/inbox-team';
import { inboxTeamQuery } from '../../../gateway/client/queries/inbox-team';
import { INBOX_TEAM_LIMIT, inboxTeammateInput } from '../../../gateway/contract/actions/inbox-team';
import { useLabel } from '../../../i18n/useLabel';
import type { TranslationKey } from '../../../i18n/keys';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { TextField } from '../../ui/TextField';

/**
 * The account's inbox roster (docs/decisions.md "Inbox assignment"): teammates by name and e-mail, whom
 * messages are assigned to. They have no login; an assignment mails them a link.
 */
export function InboxTeamButton() {
  const { t } = useTranslation('mkthub');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('inbox.team.open')}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={t('inbox.team.title')}
        description={t('inbox.team.description', { limit: INBOX_TEAM_LIMIT })}
        testId="inbox-team"
        footer={
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('inbox.team.close')}
          </Button>
        }
      >
        <Roster />
      </Dialog>
    </>
  );
}

function Roster() {
  const { t } = useTranslation('mkthub');
  const label = useLabel();
  const client = useQueryClient();
  const roster = useQuery(inboxTeamQuery());
  const add = useMutation(addTeammateMutation(client));
  const remove = useMutation(removeTeammateMutation(client));
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const parsed = inboxTeammateInput.safeParse({ Name: name, Email: email });
  const errorOf = (field: string) => {
    if (!touched || parsed.success) return undefined;
    const issue = parsed.error.issues.find((item) => item.path[0] === field);
    return issue ? label(issue.message as TranslationKey) : undefined;
  };
  const teammates = roster.data?.Teammates ?? [];
  return (
    <div className="flex flex-col gap-4">
      {teammates.length === 0 ? (
        <p className="text-sm text-slate-600">{t('inbox.team.empty')}</p>
      ) : (
        <ul className="flex flex-col divide-y divide-slate-100" aria-label={t('inbox.team.title')}>
          {teammates.map((teammate) => (
            <li key={teammate.TeammateId} className="flex items-center justify-between gap-2 py-2 text-sm">
              <span>
                <span className="font-medium text-slate-900">{teammate.Name}</span>{' '}
                <span className="text-slate-500">{teammate.Email}</span>
              </span>
              <Button
                variant="secondary"
                aria-label={t('inbox.team.removeOne', { name: teammate.Name })}
                onClick={() => remove.mutate({ TeammateId: teammate.TeammateId })}
              >
                {t('inbox.team.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <form
        className="flex flex-wrap items-end gap-2"
        aria-label={t('inbox.team.add')}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTouched(true);
          if (!parsed.success) return;
          add.mutate(parsed.data, {
            onSuccess: () => {
              setName('');
              setEmail('');
              setTouched(false);
            },
          });
        }}
      >
        <TextField label={t('inbox.team.name')} value={name} onValueChange={setName} error={errorOf('Name')} />
        <TextField
          label={t('inbox.team.email')}
          type="email"
          value={email}
          onValueChange={setEmail}
          error={errorOf('Email')}
        />
        <Button type="submit" loading={add.isPending}>
          {t('inbox.team.add')}
        </Button>
      </form>
      {(add.isError || remove.isError) && (
        <p role="alert" className="text-sm text-red-600">
          {(add.error ?? remove.error)?.message}
        </p>
      )}
    </div>
  );
}
