import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { QR_SIZE_DEFAULT, qrSizeField } from '../../gateway/contract/short-links';
import { issueKey } from '../../gateway/contract/field-errors';
import { saveBlob } from '../common/download';
import { useText } from '../common/useText';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';

// The QR code of a short link's QR variant (origin=qr_code), drawn in the browser by the qrcode package:
// a preview at the chosen size (100-1000 px, the contract's rule) and PNG or SVG downloads of that size.

export function QrCodePanel({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation('shortLinks');
  const text = useText();
  const [sizeText, setSizeText] = useState(String(QR_SIZE_DEFAULT));
  const [preview, setPreview] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const parsed = qrSizeField.safeParse(sizeText.trim() === '' ? undefined : Number(sizeText));
  const size = parsed.success ? parsed.data : null;
  const sizeError = parsed.success ? undefined : text(issueKey(parsed.error.issues[0]));

  useEffect(() => {
    let live = true;
    QRCode.toDataURL(url, { width: size ?? QR_SIZE_DEFAULT, margin: 2, errorCorrectionLevel: 'M' })
      .then((data) => live && (setPreview(data), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [url, size]);

  const downloadPng = async () => {
    if (size === null) return;
    // Drawn on a canvas and taken as a Blob: the console's CSP (connect-src 'self') refuses fetch() of a data: URL.
    const canvas = document.createElement('canvas');
    await QRCode.toCanvas(canvas, url, { width: size, margin: 2, errorCorrectionLevel: 'M' });
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    if (blob) saveBlob(blob, `${fileName}-${size}.png`);
  };
  const downloadSvg = async () => {
    if (size === null) return;
    const svg = await QRCode.toString(url, { type: 'svg', width: size, margin: 2, errorCorrectionLevel: 'M' });
    saveBlob(new Blob([svg], { type: 'image/svg+xml' }), `${fileName}-${size}.svg`);
  };

  return (
    <section aria-label={t('qr.title')} className="flex flex-wrap items-start gap-6">
      <div className="h-40 w-40 shrink-0 rounded-[var(--radius-herald)] ring-1 ring-slate-200">
        {preview && !failed && <img src={preview} alt={t('qr.alt', { url })} className="h-full w-full" />}
        {failed && <p role="alert">{t('qr.failed')}</p>}
      </div>
      <div className="flex flex-col gap-3">
        <TextField
          label={t('qr.size')}
          type="number"
          min={100}
          max={1000}
          value={sizeText}
          error={sizeError}
          onValueChange={setSizeText}
        />
        <div className="flex gap-2">
          <Button variant="secondary" disabled={size === null} onClick={() => void downloadPng()}>
            {t('qr.png')}
          </Button>
          <Button variant="secondary" disabled={size === null} onClick={() => void downloadSvg()}>
            {t('qr.svg')}
          </Button>
        </div>
      </div>
    </section>
  );
}
