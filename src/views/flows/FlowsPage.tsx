import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { machineRegistry, type MachineEntry } from '../../machines/registry';
import { useLabel } from '../../i18n/useLabel';
import { describeMachine } from '../../statecharts/statechart';
import { TextField } from '../ui/TextField';
import { useLiveActors, useLiveStore } from './live-store';
import { warmLayoutWorker } from '../../workers/elk-layout';

/** /flows: every registered machine, grouped by area, with a search over titles, ids and descriptions. */
export default function FlowsPage() {
  const { t } = useTranslation('flows');
  const label = useLabel();
  const [query, setQuery] = useState('');
  // elk's worker takes a moment to start: start it while the user reads the list.
  useEffect(() => warmLayoutWorker(), []);
  const store = useLiveStore();
  const actors = useLiveActors(store);
  const counts = useMemo(() => new Map(machineRegistry.map((entry) => [entry.id, describeMachine(entry.machine)])), []);
  const running = useMemo(() => {
    const byMachine = new Map<string, number>();
    for (const actor of actors)
      if (!actor.closed && actor.status !== 'stopped')
        byMachine.set(actor.machineId, (byMachine.get(actor.machineId) ?? 0) + 1);
    return byMachine;
  }, [actors]);

  const needle = query.trim().toLowerCase();
  const matches = (entry: MachineEntry) =>
    !needle ||
    [entry.id, label(entry.title), label(entry.description), label(`flows:areas.${entry.area}`)].some((text) =>
      text.toLowerCase().includes(needle),
    );
  const groups = new Map<MachineEntry['area'], MachineEntry[]>();
  for (const entry of machineRegistry.filter(matches))
    groups.set(entry.area, [...(groups.get(entry.area) ?? []), entry]);

  return (
    <div className="mx-auto max-w-5xl">
      <h1 className="text-xl font-semibold text-slate-900">{t('title')}</h1>
      <p className="mt-1 text-sm text-slate-600">{t('list.intro')}</p>
      <TextField
        className="mt-4 max-w-md"
        type="search"
        label={t('list.search')}
        placeholder={t('list.searchPlaceholder')}
        value={query}
        onValueChange={setQuery}
      />
      {groups.size === 0 && <p className="mt-6 text-sm text-slate-500">{t('list.noMatch', { query })}</p>}
      {[...groups].map(([area, entries]) => (
        <section key={area} className="mt-6" aria-labelledby={`area-${area}`}>
          <h2 id={`area-${area}`} className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
            {label(`flows:areas.${area}`)}
          </h2>
          <ul className="grid gap-3 sm:grid-cols-2">
            {entries.map((entry) => {
              const structure = counts.get(entry.id)!;
              const live = running.get(entry.id) ?? 0;
              return (
                <li key={entry.id}>
                  <Link
                    href={`/flows/${entry.id}`}
                    data-testid={`machine-${entry.id}`}
                    className="block h-full rounded-[var(--radius-herald)] border border-slate-200 bg-white p-4 shadow-sm hover:border-brand-400 focus:outline-none focus:ring-2 focus:ring-brand-500"
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className="font-medium text-slate-900">{label(entry.title)}</span>
                      <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-600">
                        {t(`kinds.${entry.kind}`)}
                      </span>
                    </span>
                    <span className="mt-1 block text-sm text-slate-600">{label(entry.description)}</span>
                    <span className="mt-2 block text-xs text-slate-500">
                      <code>{entry.id}</code> · {t('list.states', { amount: structure.states.length })} ·{' '}
                      {t('list.transitions', { amount: structure.transitions.length })}
                      {live > 0 && (
                        <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-green-800">
                          {t('list.running', { amount: live })}
                        </span>
                      )}
                    </span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
