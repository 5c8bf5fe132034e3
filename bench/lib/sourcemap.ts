// Attributes a minified chunk's bytes to the source modules they came from, by decoding its source
// map's mappings: each generated segment runs until the next one on its line.
const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const digit = new Map([...BASE64].map((c, i) => [c, i]));

function decodeVlq(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const d = digit.get(char)!;
    value += (d & 31) << shift;
    if (d & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

interface SourceMap {
  sources: string[];
  mappings: string;
}

/** Bytes of generated code per source file; code no mapping covers (JSON modules, the bundler's runtime) is counted apart. */
export function bytesBySource(code: string, map: SourceMap): Map<string, number> {
  const totals = new Map<string, number>();
  const add = (source: string, n: number) => totals.set(source, (totals.get(source) ?? 0) + n);
  const lines = code.split('\n');
  let sourceIndex = 0;
  map.mappings.split(';').forEach((lineMappings, lineNo) => {
    const line = lines[lineNo] ?? '';
    let column = 0;
    const segments = lineMappings ? lineMappings.split(',').map(decodeVlq) : [];
    const starts: { column: number; source: number | null }[] = [];
    for (const segment of segments) {
      column += segment[0];
      if (segment.length >= 4) sourceIndex += segment[1];
      starts.push({ column, source: segment.length >= 4 ? sourceIndex : null });
    }
    let covered = 0;
    starts.forEach((start, i) => {
      const end = i + 1 < starts.length ? starts[i + 1].column : line.length;
      const n = Math.max(0, end - start.column);
      covered += n;
      add(start.source === null ? '(no source map: locale JSON, runtime)' : map.sources[start.source], n);
    });
    if (line.length > covered) add('(no source map: locale JSON, runtime)', line.length - covered);
  });
  return totals;
}

/** node_modules/<pkg> (or @scope/pkg), else the src folder two levels deep. */
export function packageOf(source: string): string {
  const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (nm) return nm[1];
  const src = /(?:^|\/)(src\/[^/]+(?:\/[^/]+)?)\//.exec(source);
  if (src) return src[1];
  return source.replace(/^(\.\.\/)+/, '');
}
