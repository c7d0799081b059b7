/**
 * Worker process entry, plain JavaScript: registers the TypeScript loader (demo/bin/ts-hooks.mjs)
 * when Node cannot strip the types itself (Node < 22.18, or an install under node_modules, where
 * Node refuses to), as demo/bin/run-ts.mjs does for the server; then loads the worker.
 */
import { register } from 'node:module';

if (!process.features.typescript || import.meta.url.includes('/node_modules/')) {
  register('../../bin/ts-hooks.mjs', import.meta.url);
}
await import('./worker.ts');
