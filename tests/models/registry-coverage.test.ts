import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { machineRegistry } from '../../src/machines/registry';

/**
 * Registering a machine is the one step that puts it in the inspector and under test, so the run fails
 * when a registered machine has no model test here, or a machine file is missing from the registry.
 */
const root = path.resolve(__dirname, '../..');
const machinesDir = path.join(root, 'src/machines');
const modelsDir = __dirname;

function walk(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );
}

const machineFiles = walk(machinesDir).filter((file) => file.endsWith('.machine.ts'));
const exportsOf = (file: string) =>
  [...readFileSync(file, 'utf8').matchAll(/export const (\w+)\s*=/g)].map((match) => match[1]);

/** Source files each model test imports, resolved to absolute paths without extension. */
const modelImports = readdirSync(modelsDir)
  .filter((file) => file.endsWith('.test.ts') && file !== path.basename(__filename))
  .map((file) => {
    const text = readFileSync(path.join(modelsDir, file), 'utf8');
    const imports = [...text.matchAll(/from\s+['"](\.[^'"]+)['"]/g)].map((match) =>
      path.resolve(modelsDir, match[1]).replace(/\.ts$/, ''),
    );
    return { file, imports: new Set(imports) };
  });

const loaded = await Promise.all(
  machineFiles.map(async (file) => [file, (await import(/* @vite-ignore */ file)) as Record<string, unknown>] as const),
);

/** The file whose exports hold this machine object (the registry imports each machine from its file). */
function machineFileOf(machine: object): string | undefined {
  return loaded.find(([file, module]) => exportsOf(file).some((name) => module[name] === machine))?.[0];
}

describe('machine registry coverage', () => {
  it('every registered machine has a model test in tests/models that imports its file', () => {
    const missing = machineRegistry
      .map((entry) => ({ id: entry.id, file: machineFileOf(entry.machine) }))
      .filter(({ file }) => !file || !modelImports.some(({ imports }) => imports.has(file.replace(/\.ts$/, ''))))
      .map(({ id, file }) => `${id} (${file ? path.relative(root, file) : 'file not found'})`);
    expect(missing, 'write tests/models/<name>.machine.test.ts with testModel() for these').toEqual([]);
  });

  it('every src/machines/**/*.machine.ts file is in the registry', () => {
    const registered = new Set<unknown>(machineRegistry.map((entry) => entry.machine));
    const unregistered = loaded
      .filter(([, module]) => !Object.values(module).some((value) => registered.has(value)))
      .map(([file]) => path.relative(root, file));
    expect(unregistered, 'add these machines to src/machines/registry.ts').toEqual([]);
  });

  it('registry ids are unique and equal the machine ids', () => {
    const ids = machineRegistry.map((entry) => entry.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(machineRegistry.filter((entry) => entry.machine.id !== entry.id).map((entry) => entry.id)).toEqual([]);
  });
});
