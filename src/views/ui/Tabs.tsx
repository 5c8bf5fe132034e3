import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
  content: ReactNode;
  disabled?: boolean;
}

/** Tabs with arrow-key navigation (Headless UI). Controlled when `selectedKey` is given. */
export function Tabs({
  tabs,
  selectedKey,
  onChange,
  className = '',
}: {
  tabs: TabItem[];
  selectedKey?: string;
  onChange?: (key: string) => void;
  className?: string;
}) {
  const index =
    selectedKey === undefined
      ? undefined
      : Math.max(
          0,
          tabs.findIndex((tab) => tab.key === selectedKey),
        );
  return (
    <TabGroup selectedIndex={index} onChange={(i) => onChange?.(tabs[i].key)} className={className}>
      <TabList className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <Tab
            key={tab.key}
            disabled={tab.disabled}
            className="-mb-px border-b-2 border-transparent px-4 py-2 text-sm font-medium text-slate-600 outline-none hover:text-slate-900 data-[focus]:ring-2 data-[focus]:ring-brand-500 data-[selected]:border-brand-600 data-[selected]:text-brand-700 data-[disabled]:opacity-50"
          >
            {tab.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels className="pt-4">
        {tabs.map((tab) => (
          <TabPanel
            key={tab.key}
            unmount
            className="rounded-sm outline-none focus-visible:outline-1 focus-visible:outline-offset-4 focus-visible:outline-slate-400"
          >
            {tab.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}

/** A row of mutually exclusive toggles (granularity, quick ranges): a radio group to assistive tech,
 * with the radio group's keys: one tab stop, arrow keys move the choice. */
export function Segmented<K extends string | number>({
  label,
  options,
  value,
  onChange,
  testId,
}: {
  label: string;
  options: { value: K; label: string }[];
  value: K | null;
  onChange: (value: K) => void;
  testId?: string;
}) {
  const selected = options.findIndex((option) => option.value === value);
  const focusable = selected >= 0 ? selected : 0;
  const move = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const step =
      event.key === 'ArrowRight' || event.key === 'ArrowDown'
        ? 1
        : event.key === 'ArrowLeft' || event.key === 'ArrowUp'
          ? -1
          : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + options.length) % options.length;
    onChange(options[next].value);
    (event.currentTarget.parentElement?.children[next] as HTMLElement | undefined)?.focus();
  };
  return (
    <div
      role="radiogroup"
      aria-label={label}
      data-testid={testId}
      className="inline-flex w-fit flex-wrap gap-1 rounded-[var(--radius-herald)] bg-slate-100 p-1"
    >
      {options.map((option, index) => (
        <button
          key={String(option.value)}
          type="button"
          role="radio"
          aria-checked={option.value === value}
          tabIndex={index === focusable ? 0 : -1}
          onClick={() => onChange(option.value)}
          onKeyDown={(event) => move(event, index)}
          className={`rounded-md px-3 py-1 text-sm ${option.value === value ? 'bg-white font-medium text-brand-700 shadow-sm' : 'text-slate-600 hover:text-slate-900'}`}
        >
          {option.label}
        </button>
      ))}
    </div>
  );
}
