import { useTranslation } from 'react-i18next';
import { stateName, type ExploredPaths, type PathInfo, type PathStep } from '../../statecharts/explore';
import { Button } from '../ui/Button';

export interface PathSelection {
  kind: 'shortest' | 'simple';
  pathId: string | null;
  step: number;
}

function leaves(machineId: string, step: PathStep): string {
  return step.stateIds
    .filter((id) => !step.stateIds.some((other) => other.startsWith(`${id}.`)))
    .map((id) => stateName(machineId, id))
    .join(', ');
}

export function PathsPanel({
  explored,
  selection,
  onChange,
}: {
  explored: ExploredPaths;
  selection: PathSelection;
  onChange: (selection: PathSelection) => void;
}) {
  const { t } = useTranslation('flows');
  const paths: PathInfo[] = (selection.kind === 'simple' ? explored.simple : explored.shortest) ?? [];
  const chosen = paths.find((path) => path.id === selection.pathId);
  const kindButton = (kind: PathSelection['kind'], text: string, disabled = false) => (
    <button
      type="button"
      role="radio"
      aria-checked={selection.kind === kind}
      disabled={disabled}
      onClick={() => onChange({ kind, pathId: null, step: 0 })}
      className={`rounded px-2 py-1 text-xs font-medium disabled:cursor-not-allowed disabled:text-slate-400 ${selection.kind === kind ? 'bg-brand-600 text-white' : 'bg-white ring-1 ring-slate-300 hover:bg-slate-50'}`}
    >
      {text}
    </button>
  );
  return (
    <div className="space-y-3 text-sm" data-testid="paths-panel">
      <div role="radiogroup" aria-label={t('paths.kind')} className="flex flex-wrap gap-2">
        {kindButton('shortest', t('paths.shortest', { amount: explored.shortest.length }))}
        {kindButton('simple', t('paths.simple', { amount: explored.simple?.length ?? 0 }), !explored.simple)}
      </div>
      <p className="text-xs text-slate-500">
        {selection.kind === 'simple' ? t('paths.simpleHint') : t('paths.shortestHint')}
      </p>
      {!explored.simple && <p className="text-xs text-slate-500">{t('paths.tooLarge')}</p>}
      {chosen && (
        <section className="rounded border border-brand-200 bg-brand-50/50 p-2" aria-live="polite">
          <div className="mb-2 flex items-center justify-between gap-2">
            <span className="font-medium" data-testid="path-step-of">
              {chosen.id} · {t('paths.stepOf', { step: selection.step + 1, count: chosen.steps.length })}
            </span>
            <span className="flex gap-1">
              <Button
                variant="secondary"
                className="!px-2 !py-1"
                disabled={selection.step === 0}
                onClick={() => onChange({ ...selection, step: selection.step - 1 })}
                aria-label={t('paths.previous')}
              >
                ←
              </Button>
              <Button
                variant="secondary"
                className="!px-2 !py-1"
                disabled={selection.step >= chosen.steps.length - 1}
                onClick={() => onChange({ ...selection, step: selection.step + 1 })}
                aria-label={t('paths.next')}
              >
                →
              </Button>
            </span>
          </div>
          <ol className="space-y-0.5">
            {chosen.steps.map((step, index) => (
              <li key={index}>
                <button
                  type="button"
                  onClick={() => onChange({ ...selection, step: index })}
                  aria-current={index === selection.step ? 'step' : undefined}
                  className={`w-full rounded px-1.5 py-0.5 text-left text-xs ${index === selection.step ? 'bg-orange-100 font-semibold text-orange-900' : 'hover:bg-white'}`}
                >
                  {index + 1}. <span className="font-mono">{index === 0 ? t('paths.start') : step.label}</span> →{' '}
                  {leaves(explored.machineId, step)}
                </button>
              </li>
            ))}
          </ol>
        </section>
      )}
      <section>
        <h3 className="mb-1 font-medium text-slate-800">{t('paths.list')}</h3>
        {!chosen && <p className="mb-1 text-xs text-slate-500">{t('paths.choose')}</p>}
        <ul className="max-h-96 space-y-1 overflow-auto" data-testid="paths-list">
          {paths.map((path) => {
            const last = path.steps[path.steps.length - 1];
            return (
              <li key={path.id}>
                <button
                  type="button"
                  onClick={() => onChange({ ...selection, pathId: path.id, step: path.steps.length - 1 })}
                  aria-pressed={path.id === selection.pathId}
                  className={`w-full rounded border px-2 py-1 text-left text-xs ${path.id === selection.pathId ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'}`}
                >
                  <span className="font-medium">{path.id}</span> · {t('paths.steps', { count: path.steps.length - 1 })}{' '}
                  · {t('paths.endsIn', { state: leaves(explored.machineId, last) })}
                  <span className="block truncate font-mono text-[11px] text-slate-500">
                    {path.steps
                      .slice(1)
                      .map((step) => step.label)
                      .join(' → ')}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </section>
      <p className="font-mono text-[11px] text-slate-500">{t('paths.commandHint', { id: explored.machineId })}</p>
    </div>
  );
}
