import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logosQuery } from '../../gateway/client/queries/library';
import { QR_SIZE_DEFAULT, qrSizeField } from '../../gateway/contract/short-links';
import { issueKey } from '../../gateway/contract/field-errors';
import { saveBlob } from '../common/download';
import { chosenLogo, LogoChoiceSelect, type LogoChoice } from '../common/logos/LogoChoiceSelect';
import { useText } from '../common/useText';
import { Button } from '../ui/Button';
import { TextField } from '../ui/TextField';
import { loadImage, qrCanvas, qrSvgText } from './qr-canvas';

// The QR code of a short link's QR variant (origin=qr_code), drawn in the browser: a preview at the
// chosen size (100-1000 px, the contract's rule) and PNG or SVG downloads of that size, with an optional
// logo in the centre (none, the default logo or any of the account's; qr-with-logo.ts says how).

export function QrCodePanel({ url, fileName }: { url: string; fileName: string }) {
  const { t } = useTranslation('shortLinks');
  const text = useText();
  const logos = useQuery(logosQuery());
  const [sizeText, setSizeText] = useState(String(QR_SIZE_DEFAULT));
  const [choice, setChoice] = useState<LogoChoice>('none');
  const [logoImage, setLogoImage] = useState<HTMLImageElement | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const parsed = qrSizeField.safeParse(sizeText.trim() === '' ? undefined : Number(sizeText));
  const size = parsed.success ? parsed.data : null;
  const sizeError = parsed.success ? undefined : text(issueKey(parsed.error.issues[0]));
  const logo = chosenLogo(logos.data?.Logos ?? [], choice);
  const logoUrl = logo?.MediaURL ?? null;

  useEffect(() => {
    let live = true;
    if (!logoUrl) {
      setLogoImage(null);
      return;
    }
    loadImage(logoUrl)
      .then((image) => live && (setLogoImage(image), setFailed(false)))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [logoUrl]);

  const ready = !logoUrl || logoImage !== null;
  useEffect(() => {
    if (!ready) return;
    try {
      setPreview(qrCanvas(url, size ?? QR_SIZE_DEFAULT, logoUrl ? logoImage : null).toDataURL('image/png'));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [url, size, ready, logoUrl, logoImage]);

  const image = logoUrl ? logoImage : null;
  const downloadPng = async () => {
    if (size === null || !ready) return;
    // Taken from a canvas as a Blob: the console's CSP (connect-src 'self') refuses fetch() of a data: URL.
    const blob = await new Promise<Blob | null>((resolve) => qrCanvas(url, size, image).toBlob(resolve, 'image/png'));
    if (blob) saveBlob(blob, `${fileName}-${size}.png`);
  };
  const downloadSvg = () => {
    if (size === null || !ready) return;
    saveBlob(new Blob([qrSvgText(url, size, image)], { type: 'image/svg+xml' }), `${fileName}-${size}.svg`);
  };

  return (
    <section aria-label={t('qr.title')} className="flex flex-wrap items-start gap-6">
      <div className="h-40 w-40 shrink-0 rounded-[var(--radius-herald)] ring-1 ring-slate-200">
        {preview && !failed && (
          <img
            src={preview}
            alt={logo ? t('qr.altWithLogo', { url, logo: logo.Name }) : t('qr.alt', { url })}
            className="h-full w-full"
          />
        )}
        {failed && <p role="alert">{t('qr.failed')}</p>}
      </div>
      <div className="flex w-full max-w-xs flex-col gap-3">
        <TextField
          label={t('qr.size')}
          type="number"
          min={100}
          max={1000}
          value={sizeText}
          error={sizeError}
          onValueChange={setSizeText}
        />
        <LogoChoiceSelect
          label={t('qr.logo')}
          logos={logos.data?.Logos ?? []}
          value={logo || choice === 'none' ? choice : 'none'}
          onChange={setChoice}
          testId="qr-logo"
        />
        <p className="text-xs text-slate-500">{t('qr.logoHint')}</p>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={size === null || !ready} onClick={() => void downloadPng()}>
            {t('qr.png')}
          </Button>
          <Button variant="secondary" disabled={size === null || !ready} onClick={downloadSvg}>
            {t('qr.svg')}
          </Button>
        </div>
      </div>
    </section>
  );
}
