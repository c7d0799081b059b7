/**
 * Checks on the built library, shared by scripts/build.ts (which refuses to finish a broken build) and
 * test/node/build.test.ts. Each returns a list of problems; empty means fine.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { init, parse } from 'es-module-lexer';

/** Every import specifier of an ES module (static, re-export, and dynamic ones with a literal string). */
export async function importSpecifiers(code: string): Promise<string[]> {
  await init;
  const [imports] = parse(code);
  const specifiers: string[] = [];
  for (const entry of imports) if (entry.n !== undefined) specifiers.push(entry.n);
  return specifiers;
}

/** A specifier a browser cannot load without an import map: not relative, not absolute, not a URL. */
export function isBareSpecifier(specifier: string): boolean {
  return !/^(\.{1,2}\/|\/|[a-z][a-z0-9+.-]*:)/i.test(specifier);
}

/** Bare imports left in a file meant for a plain script tag. */
export async function bareImports(file: string): Promise<string[]> {
  return (await importSpecifiers(readFileSync(file, 'utf8'))).filter(isBareSpecifier);
}

/** Relative imports in a built module that point at files the build did not produce. */
export async function missingRelativeImports(file: string): Promise<string[]> {
  const missing: string[] = [];
  for (const specifier of await importSpecifiers(readFileSync(file, 'utf8'))) {
    if (specifier.startsWith('./') || specifier.startsWith('../')) {
      if (!existsSync(resolve(dirname(file), specifier))) missing.push(specifier);
    }
  }
  return missing;
}

function walk(dir: string, suffix: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...walk(path, suffix));
    else if (entry.endsWith(suffix)) out.push(path);
  }
  return out;
}

/**
 * Relative imports in declaration files that do not resolve: `./x.js` must have `./x.d.ts` beside it
 * (a `.ts` left in a `.d.ts` import would break consumers' type checks).
 */
export function unresolvedDeclarationImports(typesDir: string): string[] {
  const problems: string[] = [];
  const importPattern = /(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g;
  for (const file of walk(typesDir, '.d.ts')) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(importPattern)) {
      const specifier = match[1];
      const target = resolve(dirname(file), specifier);
      const declaration = target.replace(/\.(m?js)$/, (_, ext: string) => (ext === 'mjs' ? '.d.mts' : '.d.ts'));
      if (!/\.m?js$/.test(specifier) || !existsSync(declaration)) {
        problems.push(`${relative(typesDir, file)}: import "${specifier}" does not resolve to a declaration file`);
      }
    }
  }
  return problems;
}

/** pdf.js's data folders (pdfjs-dist/<name>/), copied beside the worker (dist/cdn/). */
export const PDFJS_DATA_FOLDERS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;

/** A file pdf.js fetches from each data folder for common documents: proof the folder is complete. */
const PDFJS_DATA_PROBES: Record<(typeof PDFJS_DATA_FOLDERS)[number], string> = {
  cmaps: 'UniJIS-UCS2-H.bcmap',
  standard_fonts: 'LiberationSans-Regular.ttf',
  wasm: 'openjpeg.wasm',
  iccs: 'CGATS001Compat-v2-micro.icc',
};

/** The files `npm run build` promises, for the elements that exist in src/. */
export function expectedDistFiles(elements: string[]): string[] {
  return [
    'esign-elements.js',
    'fields.js',
    'i18n.js',
    'react.js',
    'types/react/index.d.ts',
    'custom-elements.json',
    'types/index.d.ts',
    'types/fields/index.d.ts',
    'cdn/esign-elements.min.js',
    'cdn/pdf.worker.min.mjs',
    ...PDFJS_DATA_FOLDERS.map((folder) => `cdn/${folder}/${PDFJS_DATA_PROBES[folder]}`),
    ...elements.flatMap((name) => [`${name}.js`, `types/${name}/${name}.d.ts`, `cdn/${name}.min.js`]),
  ];
}

/** What the build gives the server package (demo/dist/): the portal's page script. */
export function verifyServerDist(serverDistDir: string): string[] {
  return ['portal/portal.js', 'explorer/explorer.js', 'explorer/explorer.css']
    .filter((file) => !existsSync(join(serverDistDir, file)))
    .map((file) => `missing ${serverDistDir}/${file}`);
}

/** Copies of pdf.js's worker under a folder (the package ships exactly one, in dist/cdn/). */
export function workerCopies(dir: string): string[] {
  return walk(dir, 'pdf.worker.min.mjs').map((file) => relative(dir, file));
}

/** Every problem with a built dist/ directory, worded for a person. */
export async function verifyDist(distDir: string, elements: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const file of expectedDistFiles(elements)) {
    if (!existsSync(join(distDir, file))) problems.push(`missing dist/${file}`);
  }
  if (problems.length > 0) return problems;
  const cdnFiles = readdirSync(join(distDir, 'cdn')).filter((name) => name.endsWith('.min.js'));
  for (const name of cdnFiles) {
    for (const bare of await bareImports(join(distDir, 'cdn', name))) {
      problems.push(`dist/cdn/${name} imports "${bare}": a browser cannot load that without a bundler`);
    }
  }
  const modules = [...readdirSync(distDir).filter((name) => name.endsWith('.js')), ...cdnFiles.map((name) => `cdn/${name}`)];
  for (const name of modules) {
    for (const specifier of await missingRelativeImports(join(distDir, name))) {
      problems.push(`dist/${name} imports "${specifier}", which the build did not produce`);
    }
  }
  const workers = workerCopies(distDir);
  if (workers.length !== 1) problems.push(`dist/ holds ${workers.length} copies of pdf.worker.min.mjs (${workers.join(', ')}); the package ships one, in cdn/`);
  problems.push(...unresolvedDeclarationImports(join(distDir, 'types')));
  const manifest = JSON.parse(readFileSync(join(distDir, 'custom-elements.json'), 'utf8')) as {
    modules?: { declarations?: { tagName?: string }[] }[];
  };
  const tags = new Set((manifest.modules ?? []).flatMap((m) => (m.declarations ?? []).map((d) => d.tagName)));
  for (const name of elements) if (!tags.has(name)) problems.push(`custom-elements.json does not describe <${name}>`);
  return problems;
}
