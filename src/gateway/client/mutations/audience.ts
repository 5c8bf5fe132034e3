import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call, callBinary } from '../call';
import type { ActionInput } from '../../contract/actions/registry';
import { audienceKeys } from '../queries/audience';

// Writes of the Audience area: one factory per Action, each owning what it invalidates. `silent`
// where the view shows the refusal in place (forms) instead of a notification.

const invalidate = (client: QueryClient, ...keys: (readonly string[])[]) =>
  Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey })));

/** Contacts changed: lists (counts), segments (counts) and tags may have changed too. */
const contactsChanged = (client: QueryClient) =>
  invalidate(client, audienceKeys.contacts(), audienceKeys.lists(), audienceKeys.segments(), audienceKeys.tags());

export const createContactMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'CreateContact'],
    mutationFn: (input: ActionInput<'CreateContact'>) => call('CreateContact', input, { silent: true }),
    onSuccess: () => contactsChanged(client),
  });

export const updateContactMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'UpdateContact'],
    mutationFn: (input: ActionInput<'UpdateContact'>) => call('UpdateContact', input, { silent: true }),
    onSuccess: () => contactsChanged(client),
  });

export const deleteContactsMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'DeleteContacts'],
    mutationFn: (contactIds: number[]) => call('DeleteContacts', { ContactIds: contactIds }),
    onSuccess: () => contactsChanged(client),
  });

export const tagContactsMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'TagContacts'],
    mutationFn: ({ untag, ...input }: ActionInput<'TagContacts'> & { untag: boolean }) =>
      call(untag ? 'UntagContacts' : 'TagContacts', input, { silent: true }),
    onSuccess: () => contactsChanged(client),
  });

export const addToListMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'AddContactsToList'],
    mutationFn: (input: ActionInput<'AddContactsToList'>) => call('AddContactsToList', input, { silent: true }),
    onSuccess: () => contactsChanged(client),
  });

export const removeFromListMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'RemoveContactsFromList'],
    mutationFn: (input: ActionInput<'RemoveContactsFromList'>) => call('RemoveContactsFromList', input),
    onSuccess: () => contactsChanged(client),
  });

export const createAttributeMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'CreateContactAttribute'],
    mutationFn: (input: ActionInput<'CreateContactAttribute'>) =>
      call('CreateContactAttribute', input, { silent: true }),
    onSuccess: () => invalidate(client, audienceKeys.attributes()),
  });

export const deleteAttributeMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'DeleteContactAttribute'],
    mutationFn: (attributeId: number) => call('DeleteContactAttribute', { AttributeId: attributeId }),
    onSuccess: () => invalidate(client, audienceKeys.attributes(), audienceKeys.contacts()),
  });

export const createListMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'CreateContactList'],
    mutationFn: (name: string) => call('CreateContactList', { Name: name }, { silent: true }),
    onSuccess: () => invalidate(client, audienceKeys.lists()),
  });

export const renameListMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'RenameContactList'],
    mutationFn: (input: ActionInput<'RenameContactList'>) => call('RenameContactList', input, { silent: true }),
    onSuccess: () => invalidate(client, audienceKeys.lists()),
  });

export const deleteListMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'DeleteContactList'],
    mutationFn: (listId: number) => call('DeleteContactList', { ListId: listId }),
    onSuccess: () => invalidate(client, audienceKeys.lists(), audienceKeys.segments()),
  });

export const saveSegmentMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'SaveSegment'],
    mutationFn: ({ SegmentId, ...input }: ActionInput<'CreateSegment'> & { SegmentId?: number }) =>
      SegmentId
        ? call('UpdateSegment', { SegmentId, ...input }, { silent: true })
        : call('CreateSegment', input, { silent: true }),
    onSuccess: () => invalidate(client, audienceKeys.segments()),
  });

export const deleteSegmentMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'DeleteSegment'],
    mutationFn: (segmentId: number) => call('DeleteSegment', { SegmentId: segmentId }),
    onSuccess: () => invalidate(client, audienceKeys.segments()),
  });

// The import's steps (the contactImport machine runs them through runMutation).
export const createImportMutation = () =>
  mutationOptions({
    mutationKey: ['audience', 'CreateContactImport'],
    mutationFn: (input: ActionInput<'CreateContactImport'>) => call('CreateContactImport', input, { silent: true }),
  });

export const appendImportRowsMutation = () =>
  mutationOptions({
    mutationKey: ['audience', 'AppendContactImportRows'],
    mutationFn: (input: ActionInput<'AppendContactImportRows'>) =>
      call('AppendContactImportRows', input, { silent: true }),
    retry: 3,
  });

export const startImportMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'StartContactImport'],
    mutationFn: (importId: string) => call('StartContactImport', { ImportId: importId }, { silent: true }),
    onSuccess: () => contactsChanged(client),
  });

/** The import's progress (a read the machine polls; the contacts it made are invalidated when it ends). */
export const importProgressMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['audience', 'GetContactImport'],
    mutationFn: (importId: string) => call('GetContactImport', { ImportId: importId }, { silent: true }),
    onSuccess: (data) => {
      if (data.Import.Status === 'done' || data.Import.Status === 'failed') void contactsChanged(client);
    },
  });

/** The skipped rows as a CSV file (a binary read started by a click). */
export const importErrorsFileMutation = () =>
  mutationOptions({
    mutationKey: ['audience', 'GetContactImportErrors'],
    mutationFn: (importId: string) => callBinary('GetContactImportErrors', { ImportId: importId }),
  });
