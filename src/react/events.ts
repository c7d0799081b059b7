/**
 * Which `esign-*` events each element fires, and the React prop each one becomes: `esign-page-change`
 * → `onEsignPageChange`, typed from `EsignEventMap`. Kept apart from the wrappers (no DOM, no React) so
 * test/node/build.test.ts can hold these lists against the events custom-elements.json documents.
 */
import type { EventName } from '@lit/react';

type EsignEventName = keyof EsignEventMap & string;

export const VIEWER_EVENTS = ['esign-ready', 'esign-page-change', 'esign-page-render', 'esign-error'] as const satisfies readonly EsignEventName[];
export const EDITOR_EVENTS = [
  'esign-ready',
  'esign-change',
  'esign-select',
  'esign-validate',
  'esign-save',
  'esign-error',
  'esign-page-render',
  'esign-upload',
] as const satisfies readonly EsignEventName[];
export const SIGNER_EVENTS = [
  'esign-ready',
  'esign-field-change',
  'esign-complete',
  'esign-reject',
  'esign-error',
] as const satisfies readonly EsignEventName[];

/** `esign-page-change` → `EsignPageChange`. */
type Pascal<S extends string> = S extends `${infer Head}-${infer Tail}` ? `${Capitalize<Head>}${Pascal<Tail>}` : Capitalize<S>;

/** The handler prop of an event: `esign-page-change` → `onEsignPageChange`. */
export type HandlerName<K extends string> = `on${Pascal<K>}`;

/** `{ onEsignReady: 'esign-ready' }`, each name carrying its event type for the handler's parameter. */
export type ReactEvents<L extends readonly EsignEventName[]> = { [K in L[number] as HandlerName<K>]: EventName<EsignEventMap[K]> };

export function handlerName<K extends string>(event: K): HandlerName<K> {
  return `on${event
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('')}` as HandlerName<K>;
}

/** The `events` option of `createComponent` for these event names. */
export function reactEvents<const L extends readonly EsignEventName[]>(names: L): ReactEvents<L> {
  return Object.fromEntries(names.map((name) => [handlerName(name), name])) as ReactEvents<L>;
}
