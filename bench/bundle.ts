import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { OUT, ROOT } from './lib/server';
import { bytesBySource, packageOf } from './lib/sourcemap';

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteWeight {
  path: string;
  access: string;
  view: string;
  /** gzip bytes of every JS file the first render needs */
  jsGzip: number;
  jsRaw: number;
  files: number;
}

export interface BundleResult {
  distDir: string;
  buildMs: number;
  routes: RouteWeight[];
  /** what the /signin JS is made of: minified bytes per package, and a gzip estimate by share */
  signinBreakdown: { module: string; raw: number; gzipEstimate: number }[];
  entryCssGzip: number;
  /**
   * The locale JSON bundled into the entry today (every namespace, both languages) against what the
   * first render of /signin needs (src/i18n now loads only the active language's namespaces).
   */
  locales: { allGzip: number; englishGzip: number; englishSigninGzip: number; signinNamespaces: string[] };
}

const SIGNIN_NAMESPACES = ['common', 'auth', 'errors', 'validation', 'shell'];

function localeFigures(): BundleResult['locales'] {
  const dir = path.join(ROOT, 'src/i18n/locales');
  const gzipOf = (files: string[]) => gzipSync(Buffer.concat(files.map((file) => readFileSync(file)))).length;
  const filesOf = (lang: string, only?: string[]) =>
    readdirSync(path.join(dir, lang))
      .filter((file) => file.endsWith('.json') && (!only || only.includes(file.replace(/\.json$/, ''))))
      .map((file) => path.join(dir, lang, file));
  // mail.json is the server's alone (mails); the console bundles the rest
  const console = (files: string[]) => files.filter((file) => !file.endsWith('/mail.json'));
  return {
    allGzip: gzipOf(console(readdirSync(dir).flatMap((lang) => filesOf(lang)))),
    englishGzip: gzipOf(console(filesOf('en'))),
    englishSigninGzip: gzipOf(filesOf('en', SIGNIN_NAMESPACES)),
    signinNamespaces: SIGNIN_NAMESPACES,
  };
}

export const DIST_DIR = path.join(OUT, 'dist');
const gzipSize = (file: string) => gzipSync(readFileSync(path.join(DIST_DIR, file))).length;

/** Every route of src/views/<area>/routes.ts, with the view module its lazy import names. */
export function readRouteTable(): { path: string; access: string; viewSource: string }[] {
  const viewsDir = path.join(ROOT, 'src/views');
  const routes: { path: string; access: string; viewSource: string }[] = [];
  for (const area of readdirSync(viewsDir)) {
    const file = path.join(viewsDir, area, 'routes.ts');
    if (!existsSync(file)) continue;
    const text = readFileSync(file, 'utf8');
    // one route object per `path:`; its lazy import and access follow before the next one
    for (const part of text.split(/(?=\bpath:\s*['"])/).slice(1)) {
      const routePath = /path:\s*['"]([^'"]+)['"]/.exec(part)?.[1];
      const lazyImport = /lazy\(\s*\(\)\s*=>\s*import\(\s*['"]([^'"]+)['"]\s*\)/.exec(part)?.[1];
      const access = /access:\s*['"](\w+)['"]/.exec(part)?.[1] ?? 'protected';
      if (!routePath || !lazyImport) continue;
      const base = path.relative(ROOT, path.resolve(path.dirname(file), lazyImport));
      const viewSource = ['.tsx', '.ts', '/index.tsx', '/index.ts']
        .map((ext) => base + ext)
        .find((candidate) => existsSync(path.join(ROOT, candidate)));
      if (viewSource) routes.push({ path: routePath, access, viewSource });
    }
  }
  return routes;
}

function staticClosure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  keys.forEach(visit);
  return seen;
}

export function buildConsole(): number {
  const started = performance.now();
  // --manifest tells which chunks each route needs; hidden source maps (no URL comment, so the JS
  // is byte for byte what `npm run build` ships) tell what the chunks are made of.
  execFileSync(
    path.join(ROOT, 'node_modules/.bin/vite'),
    ['build', '--outDir', DIST_DIR, '--emptyOutDir', '--manifest', '--sourcemap', 'hidden', '--logLevel', 'error'],
    {
      cwd: ROOT,
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  return performance.now() - started;
}

export function measureBundle(buildMs: number): BundleResult {
  const manifest = JSON.parse(readFileSync(path.join(DIST_DIR, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
  if (!entryKey) throw new Error('no entry in the Vite manifest');
  // RouteGate lazy-loads the console frame with the first protected page (src/views/RouteGate.tsx)
  const frameKey = Object.keys(manifest).find((key) => manifest[key].src === 'src/views/shell/ConsoleLayout.tsx');

  // src/i18n loads the active language's namespaces before the first paint: the core ones for every
  // page, plus the console frame's (home, billing) and the view's own area for protected pages.
  const localeKey = (namespace: string) =>
    Object.keys(manifest).find((key) => manifest[key].src === `src/i18n/locales/en/${namespace}.json`);
  const CORE = ['common', 'shell', 'auth', 'errors', 'validation'];
  const routes = readRouteTable().map((route) => {
    const viewKey = Object.keys(manifest).find((key) => manifest[key].src === route.viewSource);
    const area = route.viewSource.split('/')[2];
    const namespaces = route.access === 'protected' ? [...CORE, 'home', 'billing', area] : [...CORE, area];
    const locales = [...new Set(namespaces)].map(localeKey).filter((key): key is string => Boolean(key));
    const keys = [
      entryKey,
      ...(viewKey ? [viewKey] : []),
      ...(route.access === 'protected' && frameKey ? [frameKey] : []),
      ...locales,
    ];
    const files = [...staticClosure(manifest, keys)]
      .map((key) => manifest[key].file)
      .filter((file) => file.endsWith('.js'));
    return {
      path: route.path,
      access: route.access,
      view: route.viewSource.replace(/^src\/views\//, '') + (viewKey ? '' : ' (not in build)'),
      jsGzip: files.reduce((sum, file) => sum + gzipSize(file), 0),
      jsRaw: files.reduce((sum, file) => sum + readFileSync(path.join(DIST_DIR, file)).length, 0),
      files: files.length,
    };
  });

  const signinView = Object.keys(manifest).find((key) => manifest[key].src === 'src/views/auth/SignInPage.tsx');
  const signinLocales = CORE.map(localeKey).filter((key): key is string => Boolean(key));
  const signinFiles = [
    ...staticClosure(manifest, [entryKey, ...(signinView ? [signinView] : []), ...signinLocales]),
  ].map((key) => manifest[key].file);
  const byModule = new Map<string, number>();
  let raw = 0;
  let gzip = 0;
  for (const file of signinFiles.filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(path.join(DIST_DIR, file), 'utf8');
    raw += code.length;
    gzip += gzipSize(file);
    const mapFile = path.join(DIST_DIR, `${file}.map`);
    if (!existsSync(mapFile)) continue;
    for (const [source, bytes] of bytesBySource(code, JSON.parse(readFileSync(mapFile, 'utf8')))) {
      const name = packageOf(source);
      byModule.set(name, (byModule.get(name) ?? 0) + bytes);
    }
  }
  const signinBreakdown = [...byModule]
    .sort((a, b) => b[1] - a[1])
    .map(([module, bytes]) => ({ module, raw: bytes, gzipEstimate: Math.round((bytes / raw) * gzip) }));

  const entryCssGzip = (manifest[entryKey].css ?? []).reduce((sum, file) => sum + gzipSize(file), 0);
  return {
    distDir: path.relative(ROOT, DIST_DIR),
    buildMs,
    routes,
    signinBreakdown,
    entryCssGzip,
    locales: localeFigures(),
  };
}
