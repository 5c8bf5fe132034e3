import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../ui/Button';
import { download, svgToPng } from './download';
import { graphToSvg } from './svg-export';
import type { LaidOutGraph } from './machine-graph';

export function ExportBar({
  fileBase,
  title,
  graph,
  paths,
}: {
  fileBase: string;
  title: string;
  graph: LaidOutGraph | null;
  paths: { markdown: () => string; json: () => string };
}) {
  const { t } = useTranslation('flows');
  const [error, setError] = useState<string | null>(null);
  const run = (action: () => Promise<void> | void) => async () => {
    setError(null);
    try {
      await action();
    } catch (failure) {
      setError(t('export.failed', { message: failure instanceof Error ? failure.message : String(failure) }));
    }
  };
  const svg = () => graphToSvg(graph!, { title });
  return (
    <div className="flex flex-col items-end gap-1">
      <div role="group" aria-label={t('export.title')} className="flex flex-wrap justify-end gap-2">
        <Button
          variant="secondary"
          disabled={!graph}
          onClick={run(() => download(`${fileBase}.svg`, svg(), 'image/svg+xml;charset=utf-8'))}
        >
          {t('export.svg')}
        </Button>
        <Button
          variant="secondary"
          disabled={!graph}
          onClick={run(async () => download(`${fileBase}.png`, await svgToPng(svg())))}
        >
          {t('export.png')}
        </Button>
        <Button
          variant="secondary"
          onClick={run(() => download(`${fileBase}-paths.md`, paths.markdown(), 'text/markdown;charset=utf-8'))}
        >
          {t('export.markdown')}
        </Button>
        <Button
          variant="secondary"
          onClick={run(() => download(`${fileBase}-paths.json`, paths.json(), 'application/json'))}
        >
          {t('export.json')}
        </Button>
      </div>
      {error && (
        <p role="alert" className="text-xs text-red-600">
          {error}
        </p>
      )}
    </div>
  );
}
