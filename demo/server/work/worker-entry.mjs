/**
 * Worker thread entry, plain JavaScript: registers the TypeScript loader the server itself may have
 * started under (scripts/run-ts.mjs: Node < 22.18, or an install inside node_modules, where Node
 * refuses to strip types), then loads the worker.
 */
import { register } from 'node:module';

register('../../../scripts/ts-hooks.mjs', import.meta.url);
await import('./worker.ts');
