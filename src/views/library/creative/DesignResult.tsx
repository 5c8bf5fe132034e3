import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { saveDesignToLibraryMutation } from '../../../gateway/client/mutations/aigc';
import type { AigcDesign } from '../../../gateway/contract/actions/aigc';
import { gatewayMessage } from '../../gateway-bridge';
import { Button } from '../../ui/Button';

/** A finished design: the image at its size, "Save to library" (once) and a download of the file. */
export function DesignResult({ design, compact = false }: { design: AigcDesign; compact?: boolean }) {
  const { t } = useTranslation('library');
  const client = useQueryClient();
  const saving = useMutation(saveDesignToLibraryMutation(client));
  const saved = design.InLibrary || saving.isSuccess;
  return (
    <figure className="flex flex-col gap-2">
      <img
        src={design.ImageUrl}
        alt={design.Prompt}
        width={design.Width}
        height={design.Height}
        className={`${compact ? 'max-h-40' : 'max-h-80'} w-auto max-w-full self-start rounded object-contain ring-1 ring-slate-200`}
      />
      <figcaption className="text-xs text-slate-500">
        {t('creative.size', { width: design.Width, height: design.Height })}
      </figcaption>
      <div className="flex flex-wrap items-center gap-2">
        {saved ? (
          <span className="text-sm text-emerald-700">{t('creative.inLibrary')}</span>
        ) : (
          <Button variant="secondary" loading={saving.isPending} onClick={() => saving.mutate(design.TaskId)}>
            {t('creative.saveToLibrary')}
          </Button>
        )}
        <a
          href={design.ImageUrl}
          download={`${design.TaskId}.png`}
          className="text-sm font-medium text-brand-700 hover:underline"
        >
          {t('creative.download')}
        </a>
      </div>
      {saving.error && (
        <p role="alert" className="text-sm text-red-700">
          {gatewayMessage(saving.error) ?? t('creative.saveFailed')}
        </p>
      )}
    </figure>
  );
}
