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

/** pdf.js's data folders (pdfjs-dist/<name>/), copied beside each copy of the worker. */
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
    'react.js',
    'types/react/index.d.ts',
    'pdf.worker.min.mjs',
    'custom-elements.json',
    'types/index.d.ts',
    'types/fields/index.d.ts',
    'cdn/esign-elements.min.js',
    'cdn/pdf.worker.min.mjs',
    'portal/portal.js',
    ...['', 'cdn/'].flatMap((dir) => PDFJS_DATA_FOLDERS.map((folder) => `${dir}${folder}/${PDFJS_DATA_PROBES[folder]}`)),
    ...elements.flatMap((name) => [`${name}.js`, `types/${name}/${name}.d.ts`]),
  ];
}

/** Every problem with a built dist/ directory, worded for a person. */
export async function verifyDist(distDir: string, elements: string[]): Promise<string[]> {
  const problems: string[] = [];
  for (const file of expectedDistFiles(elements)) {
    if (!existsSync(join(distDir, file))) problems.push(`missing dist/${file}`);
  }
  if (problems.length > 0) return problems;
  for (const bare of await bareImports(join(distDir, 'cdn/esign-elements.min.js'))) {
    problems.push(`dist/cdn/esign-elements.min.js imports "${bare}": a browser cannot load that without a bundler`);
  }
  const modules = readdirSync(distDir).filter((name) => name.endsWith('.js'));
  for (const name of modules) {
    for (const specifier of await missingRelativeImports(join(distDir, name))) {
      problems.push(`dist/${name} imports "${specifier}", which the build did not produce`);
    }
  }
  problems.push(...unresolvedDeclarationImports(join(distDir, 'types')));
  const manifest = JSON.parse(readFileSync(join(distDir, 'custom-elements.json'), 'utf8')) as {
    modules?: { declarations?: { tagName?: string }[] }[];
  };
  const tags = new Set((manifest.modules ?? []).flatMap((m) => (m.declarations ?? []).map((d) => d.tagName)));
  for (const name of elements) if (!tags.has(name)) problems.push(`custom-elements.json does not describe <${name}>`);
  return problems;
}
