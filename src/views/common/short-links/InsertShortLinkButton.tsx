import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ShortLink } from '../../../gateway/contract/actions/short-links';
import { Button } from '../../ui/Button';
import { InsertShortLinkDialog, type ComposerLinkContext } from './InsertShortLinkDialog';

/**
 * The composers' "Insert short link" button: opens the dialog, hands the chosen link to `onInsert` (which
 * puts it where the cursor is) and says what was inserted in a polite live region.
 */
export function InsertShortLinkButton({
  context,
  onInsert,
  className,
}: {
  context: ComposerLinkContext;
  onInsert: (link: ShortLink) => void;
  className?: string;
}) {
  const { t } = useTranslation('shortLinks');
  const [open, setOpen] = useState(false);
  const [said, setSaid] = useState('');
  return (
    <>
      <Button
        variant="secondary"
        className={className}
        // A press keeps the editor's selection: the link goes where the cursor was.
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => {
          setSaid('');
          setOpen(true);
        }}
      >
        {t('insert.button')}
      </Button>
      <span role="status" className="ml-2 break-all text-xs text-slate-600">
        {said}
      </span>
      <InsertShortLinkDialog
        open={open}
        context={context}
        onClose={() => setOpen(false)}
        onInsert={(link) => {
          setOpen(false);
          onInsert(link);
          setSaid(t(link.Reused ? 'insert.reused' : 'insert.inserted', { url: link.ShortUrl }));
        }}
      />
    </>
  );
}
