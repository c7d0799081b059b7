/**
 * The server's import graph (demo/server, tests left out): every relative import between its files,
 * runtime and type-only alike, the circles in it and the imports that break the layering rule of
 * ../shared/DESIGN.md (HTTP → services → store; email and webhooks are services of their own below
 * their users; nothing below calls up). `node scripts/import-graph.ts` prints the report;
 * test/node/server-layers.test.ts holds the server to it.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const SERVER_DIR = fileURLToPath(new URL('../demo/server/', import.meta.url));

export interface ImportEdge {
  /** Paths relative to demo/server, with forward slashes. */
  from: string;
  to: string;
  /** `import type`, `export type` or every named specifier marked `type`: erased at run time. */
  typeOnly: boolean;
}

/**
 * Where each part of the server sits, and which parts it may import. A part is the first path segment
 * under demo/server (a folder, or a top-level file without `.ts`). Read a row as "may import": a part
 * missing from a row is above it or beside it, and importing it would call up or sideways.
 */
export const ALLOWED: Record<string, readonly string[]> = {
  // Process start-up and the app: the top, they wire everything.
  cli: ['app', 'config', 'routes', 'graphql', 'http', 'auth', 'services', 'email', 'webhooks', 'store', 'pdf', 'convert', 'work', 'domain', 'i18n', 'schemas'],
  app: ['config', 'routes', 'graphql', 'http', 'auth', 'services', 'email', 'webhooks', 'store', 'pdf', 'convert', 'work', 'domain', 'i18n', 'schemas'],
  // The HTTP front doors on the same services. routes/ registers every plugin, GraphQL's too (routes/graphql.ts);
  // graphql/ never imports routes/.
  routes: ['config', 'graphql', 'http', 'schemas', 'auth', 'services', 'email', 'webhooks', 'store', 'pdf', 'convert', 'work', 'domain', 'i18n'],
  graphql: ['config', 'http', 'schemas', 'auth', 'services', 'email', 'webhooks', 'store', 'pdf', 'convert', 'work', 'domain', 'i18n'],
  http: ['config', 'auth', 'store', 'domain', 'i18n'],
  // Who is calling (keys, component and link tokens): used by the front doors and by services, calls only down.
  auth: ['config', 'http', 'store', 'domain', 'i18n'],
  // Domain operations. schemas/ holds declarations only (TypeBox), the send body's among them, which services parse.
  services: ['config', 'schemas', 'auth', 'email', 'webhooks', 'store', 'pdf', 'convert', 'work', 'domain', 'i18n'],
  // The worker threads' job table runs the services' pure send plan off the event loop; services reach the
  // pool itself (pool.ts, failures.ts), which imports no service: no file of the two calls back.
  work: ['config', 'services', 'pdf', 'convert', 'domain', 'i18n'],
  // Services of their own, below their users: mail emits webhook events, webhooks send no mail.
  email: ['config', 'auth', 'webhooks', 'store', 'pdf', 'domain', 'i18n'],
  webhooks: ['config', 'store', 'domain', 'i18n'],
  // Bytes in, bytes out; the store; and what every layer reads.
  convert: ['config', 'pdf', 'domain'],
  pdf: ['config', 'domain', 'i18n'],
  store: ['config', 'domain'],
  schemas: ['domain'],
  config: ['domain'],
  i18n: [],
  domain: [],
};

/** The part of the server a file belongs to (see ALLOWED). */
export function partOf(file: string): string {
  const first = file.split('/')[0]!;
  return first.replace(/\.ts$/, '');
}

function serverFiles(dir = SERVER_DIR): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...serverFiles(path));
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

function importsOf(path: string): { specifier: string; typeOnly: boolean }[] {
  const source = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const named = clause?.namedBindings && ts.isNamedImports(clause.namedBindings) ? clause.namedBindings.elements : undefined;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly || (clause.name === undefined && named !== undefined && named.length > 0 && named.every((n) => n.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const named = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements : undefined;
      const typeOnly = node.isTypeOnly || (named !== undefined && named.length > 0 && named.every((n) => n.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteralLike(arg)) found.push({ specifier: arg.text, typeOnly: false });
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
      found.push({ specifier: node.argument.literal.text, typeOnly: true });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Every import from one server file to another (imports leaving demo/server are not edges). */
export function serverImportGraph(dir = SERVER_DIR): { files: string[]; edges: ImportEdge[] } {
  const name = (path: string) => relative(dir, path).split('\\').join('/');
  const paths = serverFiles(dir);
  const known = new Set(paths.map(name));
  const edges: ImportEdge[] = [];
  for (const path of paths) {
    const seen = new Map<string, boolean>();
    for (const { specifier, typeOnly } of importsOf(path)) {
      if (!specifier.startsWith('.')) continue;
      const to = name(resolve(dirname(path), specifier));
      if (!known.has(to)) continue;
      // One edge per pair of files: runtime if any import between them is.
      seen.set(to, (seen.get(to) ?? true) && typeOnly);
    }
    for (const [to, typeOnly] of seen) edges.push({ from: name(path), to, typeOnly });
  }
  return { files: [...known].sort(), edges };
}

/** The import circles: strongly connected groups of more than one file (Tarjan), each sorted. */
export function importCircles(edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) next.set(from, [...(next.get(from) ?? []), to]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  let counter = 0;
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const to of next.get(node) ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node)!, index.get(to)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (next.get(node) ?? []).includes(node)) circles.push(group.sort());
    }
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) connect(node);
  return circles.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

/** Imports between parts that ALLOWED does not list (imports inside one part are its own business). */
export function layeringBreaches(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter(({ from, to }) => {
    const a = partOf(from);
    const b = partOf(to);
    return a !== b && !(ALLOWED[a] ?? []).includes(b);
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { files, edges } = serverImportGraph();
  const circles = importCircles(edges);
  const breaches = layeringBreaches(edges);
  const unknown = [...new Set(files.map(partOf))].filter((part) => !(part in ALLOWED));
  console.log(`${files.length} files, ${edges.length} imports (${edges.filter((e) => e.typeOnly).length} type-only)`);
  console.log(`${circles.length} import circle(s)`);
  for (const circle of circles) console.log(`  ${circle.length} files: ${circle.join(', ')}`);
  console.log(`${breaches.length} import(s) against the layering`);
  for (const e of breaches) console.log(`  ${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`);
  if (unknown.length > 0) console.log(`parts missing from ALLOWED: ${unknown.join(', ')}`);
  process.exitCode = circles.length > 0 || breaches.length > 0 || unknown.length > 0 ? 1 : 0;
}
