import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { waTemplateKeys } from '../queries/wa-templates';

// Writes of WhatsApp templates from the list (the editor saves through its machine).

export const deleteWaTemplateMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['waTemplates', 'DeleteWhatsAppTemplate'],
    mutationFn: (templateId: string) => call('DeleteWhatsAppTemplate', { TemplateId: templateId }),
    onSuccess: () => client.invalidateQueries({ queryKey: waTemplateKeys.all }),
  });
