// @vitest-environment jsdom
import { act, render } from '@testing-library/react';
import { useActorRef } from '@xstate/react';
import { StrictMode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, createMachine } from 'xstate';
import { LiveStore } from '../views/flows/live-store';
import { inspectActor, redact, runningActors } from './inspection-bus';

const pageMachine = createMachine({ id: 'page', initial: 'idle', states: { idle: { on: { go: 'busy' } }, busy: {} } });

function Page() {
  useActorRef(pageMachine, { inspect: inspectActor });
  return null;
}

const pageActors = () => runningActors().filter((actor) => actor.record.machineId === 'page');

describe('the inspection bus lists exactly the actors that run (issue 18 §3)', () => {
  let store: LiveStore;
  let stop: () => void = () => {};
  const listed = () => store.getSnapshot().filter((actor) => actor.machineId === 'page');
  afterEach(() => stop());

  it('leaves out an actor that was created and never started', () => {
    store = new LiveStore();
    stop = store.start();
    const created = createActor(pageMachine, { inspect: inspectActor });
    expect(pageActors()).toHaveLength(0);
    expect(listed()).toHaveLength(0);
    created.start();
    expect(pageActors()).toHaveLength(1);
    expect(listed()).toHaveLength(1);
    created.stop();
    expect(pageActors()).toHaveLength(0);
    expect(listed()).toHaveLength(0);
  });

  it('drops a component’s actor when it unmounts, through StrictMode’s double start, three visits over', () => {
    store = new LiveStore();
    stop = store.start();
    for (let visit = 0; visit < 3; visit += 1) {
      const view = render(
        <StrictMode>
          <Page />
        </StrictMode>,
      );
      expect(pageActors()).toHaveLength(1);
      expect(listed()).toHaveLength(1);
      expect(listed()[0].value).toBe('idle');
      act(() => view.unmount());
      expect(pageActors()).toHaveLength(0);
      expect(listed()).toHaveLength(0);
    }
  });

  it('lists the actors of a tab that opened earlier, and only the running ones', () => {
    const running = createActor(pageMachine, { inspect: inspectActor }).start();
    createActor(pageMachine, { inspect: inspectActor });
    store = new LiveStore();
    stop = store.start();
    expect(listed().map((actor) => actor.sessionId)).toEqual([running.sessionId]);
    running.send({ type: 'go' });
    expect(listed()[0].value).toBe('busy');
    running.stop();
    expect(listed()).toHaveLength(0);
  });
});

describe('what the bus keeps of an event (issue 22)', () => {
  it('cuts a pasted list to its first characters and its length, and still hides secrets', () => {
    const text = Array.from({ length: 100_000 }, (_, i) => `1415${String(i).padStart(7, '0')}`).join('\n');
    const kept = redact({ type: 'paste.change', text, password: 'hunter2' }) as Record<string, string>;
    expect(kept.text.length).toBeLessThan(300);
    expect(kept.text).toContain('14150000000');
    expect(kept.text).toContain('1,199,999 characters');
    expect(kept.password).toBe('[redacted]');
    expect(redact({ type: 'field.change', value: 'Big launch' })).toEqual({
      type: 'field.change',
      value: 'Big launch',
    });
  });
});
