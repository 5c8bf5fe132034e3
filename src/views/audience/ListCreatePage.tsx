import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { createListMutation } from '../../gateway/client/mutations/audience';
import { gatewayMessage } from '../gateway-bridge';
import { Button } from '../ui/Button';
import { Card } from '../ui/Card';
import { TextField } from '../ui/TextField';
import { AudiencePage } from './AudiencePage';

/** /audience/list/create: a new list's name (unique in the account); members are added from contacts. */
export default function ListCreatePage() {
  const { t } = useTranslation('audience');
  const client = useQueryClient();
  const [, navigate] = useLocation();
  const [name, setName] = useState('');
  const creating = useMutation(createListMutation(client));
  return (
    <AudiencePage title={t('titles.newList')} testId="list-create-page">
      <Card className="max-w-lg">
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            creating.mutate(name, { onSuccess: ({ ListId }) => navigate(`/audience/list/detail?id=${ListId}`) });
          }}
        >
          <TextField
            label={t('lists.name')}
            value={name}
            onValueChange={setName}
            error={creating.error ? (gatewayMessage(creating.error) ?? t('saveFailed')) : undefined}
            data-testid="list-name"
          />
          <div>
            <Button type="submit" loading={creating.isPending}>
              {t('lists.create')}
            </Button>
          </div>
        </form>
      </Card>
    </AudiencePage>
  );
}
