import { machineRegistry } from '../src/machines/registry';
import { explorePaths, pathsToJson, pathsToMarkdown } from '../src/statecharts/explore';

/**
 * QA's command: the generated paths of a registered machine, without a browser.
 *   npm run paths -- <machineId> [--simple] [--format md|json]
 *   npm run paths                       (path counts for every registered machine)
 */
const USAGE = 'usage: npm run paths -- [<machineId>] [--simple] [--format md|json]';

function parse(argv: string[]) {
  const options = { machineId: undefined as string | undefined, simple: false, format: 'md' as 'md' | 'json' };
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i];
    if (arg === '--simple') options.simple = true;
    else if (arg === '--format' || arg.startsWith('--format=')) {
      const value = arg.includes('=') ? arg.split('=')[1] : argv[(i += 1)];
      if (value !== 'md' && value !== 'json') throw new Error(`--format must be md or json\n${USAGE}`);
      options.format = value;
    } else if (arg === '--help' || arg === '-h') {
      console.log(USAGE);
      process.exit(0);
    } else if (!arg.startsWith('-') && !options.machineId) options.machineId = arg;
    else throw new Error(`unknown argument ${arg}\n${USAGE}`);
  }
  return options;
}

function counts() {
  const rows = machineRegistry.map((entry) => {
    const started = performance.now();
    const explored = explorePaths(entry.machine, { simple: true });
    return {
      machine: entry.id,
      area: entry.area,
      shortest: explored.shortest.length,
      simple: explored.simple ? explored.simple.length : 'too large',
      ms: Math.round(performance.now() - started),
    };
  });
  console.table(rows);
}

function main() {
  const options = parse(process.argv.slice(2));
  if (!options.machineId) return counts();
  const entry = machineRegistry.find((candidate) => candidate.id === options.machineId);
  if (!entry) {
    console.error(`no machine "${options.machineId}"; registered: ${machineRegistry.map((e) => e.id).join(', ')}`);
    process.exit(1);
  }
  const explored = explorePaths(entry.machine, { simple: options.simple });
  if (!options.simple) explored.simple = null;
  console.log(options.format === 'json' ? pathsToJson(explored) : pathsToMarkdown(explored));
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
