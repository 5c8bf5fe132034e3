import { mutationOptions, type QueryClient } from '@tanstack/react-query';
import { call } from '../call';
import { aigcKeys } from '../queries/aigc';
import { aiTextKeys } from '../queries/ai-text';
import { libraryKeys } from '../queries/library';
import type { AigcCreateInput } from '../../contract/actions/aigc';

// Writes of AI images: the generation machine starts one; "Save to library".

export const createAigcTaskMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['aigc', 'CreateAIGCContentGenerationTask'],
    mutationFn: (input: AigcCreateInput) => call('CreateAIGCContentGenerationTask', input, { silent: true }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: aigcKeys.all });
      await client.invalidateQueries({ queryKey: aiTextKeys.all });
    },
  });

export const saveDesignToLibraryMutation = (client: QueryClient) =>
  mutationOptions({
    mutationKey: ['aigc', 'SaveAIGCDesignToLibrary'],
    mutationFn: (taskId: string) => call('SaveAIGCDesignToLibrary', { TaskId: taskId }),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: aigcKeys.all });
      await client.invalidateQueries({ queryKey: libraryKeys.all });
    },
  });
