import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { LibraryFolder, LibraryItem } from '../../gateway/contract/actions/library';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { Select } from '../ui/Select';
import { TextField } from '../ui/TextField';

/** One name to type: a new folder, a folder's or a file's new name. The server's refusal shows at the field. */
export function NameDialog({
  open,
  title,
  label,
  initial,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  label: string;
  initial: string;
  submitLabel: string;
  busy: boolean;
  error?: string;
  onSubmit: (name: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation('common');
  const [name, setName] = useState(initial);
  useEffect(() => {
    if (open) setName(initial);
  }, [open, initial]);
  return (
    <Dialog open={open} onClose={onClose} title={title} size="sm" testId="library-name-dialog">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit(name.trim());
        }}
        className="flex flex-col gap-4"
      >
        <TextField label={label} value={name} onValueChange={setName} error={error} autoFocus maxLength={200} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {submitLabel}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** Where the selected files go: a folder or the top level. */
export function MoveDialog({
  open,
  folders,
  busy,
  error,
  onMove,
  onClose,
}: {
  open: boolean;
  folders: LibraryFolder[];
  busy: boolean;
  error?: string;
  onMove: (folderId: string | null) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(['library', 'common']);
  const [target, setTarget] = useState<string>('');
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t('library:items.move')}
      size="sm"
      testId="library-move-dialog"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('common:cancel')}
          </Button>
          <Button loading={busy} onClick={() => onMove(target || null)}>
            {t('library:items.move')}
          </Button>
        </>
      }
    >
      <Select
        label={t('library:items.moveTo')}
        value={target}
        onChange={setTarget}
        error={error}
        options={[
          { value: '', label: t('library:items.topLevel') },
          ...folders.map((folder) => ({ value: folder.FolderId, label: folder.Name })),
        ]}
      />
    </Dialog>
  );
}

/** A larger look at one file: the image or the video itself, or a link to open a document. */
export function PreviewDialog({ item, onClose }: { item: LibraryItem | null; onClose: () => void }) {
  const { t } = useTranslation(['library', 'common']);
  return (
    <Dialog
      open={item !== null}
      onClose={onClose}
      title={item?.Name ?? ''}
      size="lg"
      testId="library-preview"
      footer={
        <Button variant="secondary" onClick={onClose}>
          {t('common:close')}
        </Button>
      }
    >
      {item?.Kind === 'image' && (
        <img src={item.MediaURL} alt={item.Name} className="mx-auto max-h-[60vh] max-w-full object-contain" />
      )}
      {item?.Kind === 'video' && (
        <video src={item.MediaURL} controls className="mx-auto max-h-[60vh] max-w-full">
          <track kind="captions" />
        </video>
      )}
      {item?.Kind === 'file' && (
        <a href={item.MediaURL} target="_blank" rel="noreferrer" className="text-brand-700 underline">
          {t('library:items.download')}
        </a>
      )}
      {item && <p className="mt-3 break-all text-xs text-slate-500">{item.PublicURL}</p>}
    </Dialog>
  );
}
