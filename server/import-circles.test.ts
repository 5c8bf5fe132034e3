import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The server's import rules (docs/decisions.md, "Server domain floor"): no import circle anywhere in
// server/ (type imports counted), and handlers and jobs never import each other.
const root = import.meta.dirname;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    // Tests and their helpers may start workers beside handlers: only product code is held to the rules.
    return full.endsWith('.ts') && !/\.test\.ts$|test-helpers\.ts$/.test(full) ? [full] : [];
  });
}

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  const pattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s+'(\.[^']+)'|import\(\s*'(\.[^']+)'\s*\)/g;
  for (const match of text.matchAll(pattern)) {
    const base = path.join(path.dirname(file), match[1] ?? match[2]);
    const target = [`${base}.ts`, path.join(base, 'index.ts')].find((candidate) => existsSync(candidate));
    if (target && target.startsWith(root)) found.push(target);
  }
  return found;
}

const graph = new Map(sources(root).map((file) => [file, importsOf(file)]));
const rel = (file: string) => path.relative(root, file);

/** Strongly connected components of more than one file (Tarjan). */
function circles(): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    index.set(v, counter);
    low.set(v, counter++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(rel(w));
      } while (w !== v);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

describe('server import rules', () => {
  it('has no import circle', () => {
    expect(circles()).toEqual([]);
  });

  it('keeps handlers and jobs apart: both call the domain floor, never each other', () => {
    const crossing = [...graph].flatMap(([file, targets]) =>
      targets
        .filter(
          (target) =>
            (rel(file).startsWith('handlers/') && rel(target).startsWith('jobs/')) ||
            (rel(file).startsWith('jobs/') && rel(target).startsWith('handlers/')),
        )
        .map((target) => `${rel(file)} -> ${rel(target)}`),
    );
    expect(crossing).toEqual([]);
  });
});
