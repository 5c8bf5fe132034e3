import { useTranslation } from 'react-i18next';
import type { LiveActor } from './live-store';
import { stateName } from '../../statecharts/explore';

const time = (at: number) => {
  const date = new Date(at);
  return `${date.toLocaleTimeString([], { hour12: false })}.${String(date.getMilliseconds()).padStart(3, '0')}`;
};

/** Leaf names of a state value: "signedIn.user.ready, signedIn.refresh.idle". */
export function describeValue(value: unknown, prefix = ''): string[] {
  if (typeof value === 'string') return [prefix ? `${prefix}.${value}` : value];
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    if (!entries.length) return prefix ? [prefix] : [];
    return entries.flatMap(([key, inner]) => describeValue(inner, prefix ? `${prefix}.${key}` : key));
  }
  return [];
}

export function LivePanel({
  machineId,
  actors,
  selectedKey,
  onSelect,
}: {
  machineId: string;
  actors: LiveActor[];
  selectedKey: string | null;
  onSelect: (key: string) => void;
}) {
  const { t } = useTranslation('flows');
  const selected = actors.find((actor) => actor.key === selectedKey);
  return (
    <div className="space-y-4 text-sm" data-testid="live-panel">
      <fieldset>
        <legend className="mb-2 font-medium text-slate-800">{t('live.actors')}</legend>
        {actors.length === 0 ? (
          <p className="text-slate-500">{t('live.none')}</p>
        ) : (
          <div className="space-y-1" role="radiogroup" aria-label={t('live.actors')}>
            {actors.map((actor) => (
              <label
                key={actor.key}
                data-testid="live-actor"
                data-local={actor.local || undefined}
                className={`flex cursor-pointer items-start gap-2 rounded border px-2 py-1.5 ${actor.key === selectedKey ? 'border-brand-500 bg-brand-50' : 'border-slate-200 hover:bg-slate-50'} ${actor.closed ? 'opacity-60' : ''}`}
              >
                <input
                  type="radio"
                  name="live-actor"
                  className="mt-1"
                  checked={actor.key === selectedKey}
                  onChange={() => onSelect(actor.key)}
                />
                <span className="min-w-0">
                  {/* a root actor's id is its session id (x:1); a named one (invoke id, systemId) says more */}
                  <span className="font-medium">
                    {/^x:\d+$/.test(actor.actorId) ? actor.machineId : actor.actorId}
                  </span>{' '}
                  <span className="text-slate-500">
                    · {actor.closed ? t('live.closed') : actor.local ? t('live.thisTab') : t('live.otherTab')}
                    {actor.page ? ` · ${t('live.on', { page: actor.page })}` : ''}
                  </span>
                  <span className="block truncate font-mono text-xs text-slate-600">
                    {describeValue(actor.value).join(', ')}
                  </span>
                </span>
              </label>
            ))}
          </div>
        )}
      </fieldset>
      {!selected && actors.length > 0 && <p className="text-slate-500">{t('live.choose')}</p>}
      {selected && (
        <>
          <section>
            <h3 className="font-medium text-slate-800">{t('live.state')}</h3>
            <p className="font-mono text-xs" data-testid="live-state">
              {describeValue(selected.value).join(', ')}
            </p>
            {selected.status && selected.status !== 'active' && (
              <p className="text-xs text-slate-500">{t('live.status', { status: selected.status })}</p>
            )}
          </section>
          <section>
            <h3 className="font-medium text-slate-800">{t('live.lastTransition')}</h3>
            {selected.lastTransitions.length === 0 ? (
              <p className="text-slate-500">{t('live.noTransition')}</p>
            ) : (
              <ul className="font-mono text-xs" data-testid="live-transition">
                {selected.lastTransitions.map((step, index) => (
                  <li key={index}>
                    {stateName(machineId, step.source)} —{step.event || t('label.always')}→{' '}
                    {step.targets.map((target) => stateName(machineId, target)).join(', ') ||
                      stateName(machineId, step.source)}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section>
            <h3 className="font-medium text-slate-800">{t('live.log')}</h3>
            <p className="mb-1 text-xs text-slate-500">{t('live.redacted')}</p>
            {selected.log.length === 0 ? (
              <p className="text-slate-500">{t('live.logEmpty')}</p>
            ) : (
              <ol className="max-h-80 space-y-1 overflow-auto" data-testid="live-log" aria-label={t('live.log')}>
                {[...selected.log].reverse().map((entry, index) => (
                  <li key={`${entry.at}-${index}`} className="rounded border border-slate-100 px-2 py-1">
                    <div className="flex gap-2 text-xs">
                      <time className="font-mono text-slate-500" dateTime={new Date(entry.at).toISOString()}>
                        {time(entry.at)}
                      </time>
                      <span className="font-medium">{entry.type}</span>
                    </div>
                    <details className="text-xs">
                      <summary className="cursor-pointer text-slate-500">{t('live.payload')}</summary>
                      <pre className="overflow-auto whitespace-pre-wrap break-all text-[11px]">
                        {JSON.stringify(entry.payload, null, 2)}
                      </pre>
                    </details>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </>
      )}
    </div>
  );
}
