/**
 * The server's layering (../shared/DESIGN.md, demo/server/README.md): HTTP (routes/, graphql/, http/) →
 * services/ → store/, email/ and webhooks/ below their users, nothing below calling up, and no import
 * circle, type imports counted. The graph and the table of allowed directions are scripts/import-graph.ts.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ALLOWED, importCircles, layeringBreaches, partOf, serverImportGraph } from '../../scripts/import-graph.ts';

const { files, edges } = serverImportGraph();

test('the import graph sees the server', () => {
  assert.ok(files.length > 200, `${files.length} files`);
  assert.ok(edges.some((e) => e.from === 'app.ts' && e.to === 'routes/index.ts' && !e.typeOnly));
  assert.ok(edges.some((e) => e.typeOnly));
});

test('every part of the server has a row in the layering table', () => {
  assert.deepEqual(
    [...new Set(files.map(partOf))].filter((part) => !(part in ALLOWED)),
    [],
  );
});

test('no import circle in the server, type imports counted', () => {
  assert.deepEqual(importCircles(edges), []);
});

test('every import between parts goes down the layering table', () => {
  const breaches = layeringBreaches(edges).map((e) => `${e.from} -> ${e.to}${e.typeOnly ? ' (type)' : ''}`);
  assert.deepEqual(breaches, []);
});

test('nothing below services/, routes/ and graphql/ imports them at run time', () => {
  const lower = ['email', 'webhooks', 'auth', 'store', 'pdf', 'convert', 'http', 'domain', 'i18n', 'config'];
  const upward = edges.filter((e) => !e.typeOnly && lower.includes(partOf(e.from)) && ['services', 'routes', 'graphql'].includes(partOf(e.to)));
  assert.deepEqual(
    upward.map((e) => `${e.from} -> ${e.to}`),
    [],
  );
});

test('the graph finds a circle and an upward import when there is one', () => {
  const made = [
    { from: 'store/a.ts', to: 'store/b.ts', typeOnly: false },
    { from: 'store/b.ts', to: 'store/a.ts', typeOnly: true },
    { from: 'email/x.ts', to: 'services/y.ts', typeOnly: false },
  ];
  assert.deepEqual(importCircles(made), [['store/a.ts', 'store/b.ts']]);
  assert.deepEqual(layeringBreaches(made), [made[2]]);
});
