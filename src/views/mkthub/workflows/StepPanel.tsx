import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickOption } from '../../../gateway/client/queries/workflows';
import {
  branchesOf,
  CONDITION_KINDS,
  DELAY_UNITS,
  MAX_CONDITIONS,
  TRIGGER_SOURCES,
  type Branch,
  type NodeConfig,
  type WorkflowDocument,
  type WorkflowNode,
} from '../../../gateway/contract/workflow/document';
import type { WorkflowIssue } from '../../../gateway/contract/workflow/rules';
import type { WorkflowCanvasEditEvent } from '../../../machines/workflow-canvas.machine';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';

export interface StepPanelProps {
  document: WorkflowDocument;
  step: WorkflowNode;
  readOnly: boolean;
  titleOf: (node: WorkflowNode) => string;
  issues: WorkflowIssue[];
  audiences: { lists: PickOption[]; segments: PickOption[]; dateAttributes: PickOption[] };
  templates: PickOption[] | undefined;
  onEdit: (event: WorkflowCanvasEditEvent) => void;
}

const NONE = '';

/** The settings of the selected step: every change is a node.configure event the machine may refuse. */
export function StepPanel({ document, step, readOnly, titleOf, issues, audiences, templates, onEdit }: StepPanelProps) {
  const { t } = useTranslation('mkthub');
  const { t: tv } = useTranslation('validation');
  const configure = (config: NodeConfig) => onEdit({ type: 'node.configure', id: step.id, config });
  const audienceOptions = (only?: 'segment' | 'list') => [
    ...(only !== 'list'
      ? audiences.segments.map((o) => ({ value: o.id, label: `${t('step.segment')}: ${o.name}` }))
      : []),
    ...(only !== 'segment' ? audiences.lists.map((o) => ({ value: o.id, label: `${t('step.list')}: ${o.name}` })) : []),
  ];

  return (
    <section aria-label={t('canvas.stepSettings')} className="grid gap-3">
      <h2 className="text-sm font-semibold text-slate-900">{titleOf(step)}</h2>
      <fieldset disabled={readOnly} className="grid gap-3">
        {step.kind === 'trigger' && (
          <>
            <Select
              label={t('step.source')}
              value={step.config.source}
              onChange={(source) => configure({ ...step.config, source, audienceId: '' })}
              options={TRIGGER_SOURCES.map((value) => ({ value, label: t(`step.sources.${value}`) }))}
            />
            {(step.config.source === 'segment' || step.config.source === 'list') && (
              <Select
                label={t(`step.${step.config.source}`)}
                value={step.config.audienceId || null}
                placeholder={t('step.choose')}
                onChange={(audienceId) => configure({ ...step.config, audienceId })}
                options={audienceOptions(step.config.source)}
              />
            )}
            {step.config.source === 'date' && (
              <>
                <Select
                  label={t('step.attribute')}
                  value={step.config.attribute || null}
                  placeholder={t('step.choose')}
                  onChange={(attribute) => configure({ ...step.config, attribute })}
                  options={audiences.dateAttributes.map((o) => ({ value: o.id, label: o.name }))}
                />
                <p className="text-xs text-slate-500">
                  {audiences.dateAttributes.length === 0 ? t('step.noDateAttributes') : t('step.dateHint')}
                </p>
              </>
            )}
            {step.config.source === 'event' && (
              <TextField
                label={t('step.event')}
                value={step.config.event}
                hint={t('step.eventHint')}
                maxLength={64}
                onValueChange={(event) => configure({ ...step.config, event })}
              />
            )}
            {(step.config.source === 'date' || step.config.source === 'event') && (
              <Select
                label={t('step.within')}
                value={step.config.audienceId}
                onChange={(audienceId) => configure({ ...step.config, audienceId })}
                options={[{ value: NONE, label: t('step.everyone') }, ...audienceOptions()]}
              />
            )}
          </>
        )}
        {step.kind === 'condition' && (
          <>
            <Select
              label={t('step.audience')}
              value={step.config.audienceId || null}
              placeholder={t('step.choose')}
              onChange={(audienceId) => configure({ ...step.config, audienceId })}
              options={audienceOptions()}
            />
            <fieldset className="grid gap-2">
              <legend className="mb-1 text-sm font-medium text-slate-700">{t('step.rules')}</legend>
              {step.config.rules.map((rule, index) => {
                const setRule = (next: typeof rule) =>
                  configure({ ...step.config, rules: step.config.rules.map((r, i) => (i === index ? next : r)) });
                return (
                  <div key={index} className="grid grid-cols-[1fr_auto] items-end gap-2">
                    <Select
                      label={t('step.ruleKind', { n: index + 1 })}
                      value={rule.kind}
                      onChange={(kind) => setRule({ ...rule, kind })}
                      options={CONDITION_KINDS.map((value) => ({ value, label: t(`step.ruleKinds.${value}`) }))}
                    />
                    <Button
                      variant="ghost"
                      aria-label={t('step.removeRule', { n: index + 1 })}
                      disabled={step.config.rules.length <= 1}
                      onClick={() =>
                        configure({ ...step.config, rules: step.config.rules.filter((_, i) => i !== index) })
                      }
                    >
                      ×
                    </Button>
                    {rule.kind === 'attribute' && (
                      <TextField
                        label={t('step.ruleValue', { n: index + 1 })}
                        value={rule.value}
                        onValueChange={(value) => setRule({ ...rule, value })}
                        className="col-span-2"
                      />
                    )}
                  </div>
                );
              })}
              <Button
                variant="secondary"
                onClick={() =>
                  configure({ ...step.config, rules: [...step.config.rules, { kind: 'received', value: '' }] })
                }
              >
                {t('step.addRule')}
              </Button>
              <p className="text-xs text-slate-500">{t('step.rulesLimit', { max: MAX_CONDITIONS })}</p>
            </fieldset>
          </>
        )}
        {(step.kind === 'sms' || step.kind === 'mms' || step.kind === 'email') && (
          <>
            <Select
              label={t('step.template')}
              value={step.config.templateId || null}
              placeholder={t('step.choose')}
              onChange={(templateId) => configure({ templateId })}
              options={(templates ?? []).map((o) => ({ value: o.id, label: o.name }))}
            />
            {templates?.length === 0 && <p className="text-xs text-slate-500">{t('step.noTemplates')}</p>}
          </>
        )}
        {step.kind === 'delay' && (
          <div className="grid grid-cols-2 gap-2">
            <DelayAmountField
              key={step.id}
              amount={step.config.amount}
              onAmount={(amount) => configure({ ...step.config, amount })}
            />
            <Select
              label={t('step.unit')}
              value={step.config.unit}
              onChange={(unit) => configure({ ...step.config, unit })}
              options={DELAY_UNITS.map((value) => ({ value, label: t(`step.units.${value}`) }))}
            />
          </div>
        )}
        {step.kind === 'window' && (
          <div className="grid grid-cols-2 gap-2">
            <TextField
              label={t('step.start')}
              type="time"
              value={step.config.start}
              onValueChange={(start) => start && configure({ ...step.config, start })}
            />
            <TextField
              label={t('step.end')}
              type="time"
              value={step.config.end}
              onValueChange={(end) => end && configure({ ...step.config, end })}
            />
          </div>
        )}
        {branchesOf(step.kind).map((branch) => (
          <NextStep
            key={branch ?? 'next'}
            document={document}
            step={step}
            branch={branch}
            titleOf={titleOf}
            onEdit={onEdit}
          />
        ))}
      </fieldset>
      {issues.length > 0 && (
        <ul className="list-disc pl-5 text-xs text-amber-800">
          {issues.map((found) => (
            <li key={found.code}>{tv(`workflowRule.${found.code}`)}</li>
          ))}
        </ul>
      )}
      {!readOnly && (
        <Button variant="danger" onClick={() => onEdit({ type: 'node.delete', id: step.id })}>
          {t('canvas.deleteStep')}
        </Button>
      )}
    </section>
  );
}

/** Connects a branch to another step without dragging (keyboard and screen-reader users). */
function NextStep({
  document,
  step,
  branch,
  titleOf,
  onEdit,
}: {
  document: WorkflowDocument;
  step: WorkflowNode;
  branch: Branch | undefined;
  titleOf: (node: WorkflowNode) => string;
  onEdit: (event: WorkflowCanvasEditEvent) => void;
}) {
  const { t } = useTranslation('mkthub');
  const current = document.edges.find((edge) => edge.source === step.id && edge.branch === branch);
  const choose = (target: string) => {
    if (current?.target === target) return;
    if (current) onEdit({ type: 'edge.delete', id: current.id });
    if (target !== NONE) onEdit({ type: 'edge.connect', source: step.id, target, ...(branch ? { branch } : {}) });
  };
  return (
    <Select
      label={`${t(`step.branch.${branch ?? 'next'}`)} → ${t('step.next')}`}
      value={current?.target ?? NONE}
      onChange={choose}
      options={[
        { value: NONE, label: t('step.notConnected') },
        ...document.nodes
          .filter((other) => other.id !== step.id && other.kind !== 'trigger')
          .map((other) => ({ value: other.id, label: titleOf(other) })),
      ]}
    />
  );
}

/** The delay's amount as typed: a whole number goes to the machine, anything else stays here with a field error. */
function DelayAmountField({ amount, onAmount }: { amount: number; onAmount: (amount: number) => void }) {
  const { t } = useTranslation('mkthub');
  const [draft, setDraft] = useState(String(amount));
  const [shown, setShown] = useState(amount);
  if (amount !== shown) {
    // Undo, redo or a reload changed the step: show its amount.
    setShown(amount);
    setDraft(String(amount));
  }
  const whole = /^-?\d+$/.test(draft.trim());
  return (
    <TextField
      label={t('step.amount')}
      inputMode="numeric"
      value={draft}
      error={whole ? undefined : t('step.amountWhole')}
      onValueChange={(value) => {
        setDraft(value);
        if (/^-?\d+$/.test(value.trim())) onAmount(Number(value));
      }}
    />
  );
}
