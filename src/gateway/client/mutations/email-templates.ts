import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { emailTemplateKeys } from '../queries/email-templates';

// Writes of the e-mail templates that are not the editor's (the editor machine saves).

export const deleteEmailTemplatesMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['emailTemplates', 'DeleteEmailTemplate'],
    mutationFn: (templateIds: string[]) => call('DeleteEmailTemplate', { TemplateIds: templateIds }),
    onSuccess: () => client.invalidateQueries({ queryKey: emailTemplateKeys.all }),
  });

/** The server-sanitised HTML of a draft, for the sandboxed preview. */
export const previewEmailTemplateMutation = () =>
  mutationOptions({
    mutationKey: ['emailTemplates', 'PreviewEmailTemplate'],
    mutationFn: (html: string) => call('PreviewEmailTemplate', { Html: html }, { silent: true }),
  });
