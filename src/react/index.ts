/**
 * `esign-elements/react`: React components for the three elements, made by `@lit/react`. Properties
 * (`fields`, `data`, ...) are set as properties, not attributes, and every `esign-*` event is an
 * `onEsign…` prop with its detail typed:
 *
 *   <EsignViewer src="/contract.pdf" fields={fields} onEsignReady={(e) => setPages(e.detail.pages)} />
 *
 * React 18 and 19 (an optional peer dependency: nothing else in the package needs it). Importing this
 * module defines the elements, as importing `esign-elements` does. Client-side only: the elements need
 * a DOM, so with server rendering load this module in the browser (a client component, a dynamic import).
 */
import * as React from 'react';
import { createComponent } from '@lit/react';
import { EsignViewer as EsignViewerElement } from '../esign-viewer/esign-viewer.ts';
import { EsignEditor as EsignEditorElement } from '../esign-editor/esign-editor.ts';
import { EsignSigner as EsignSignerElement } from '../esign-signer/esign-signer.ts';
import { EDITOR_EVENTS, SIGNER_EVENTS, VIEWER_EVENTS, reactEvents } from './events.ts';

/** `<esign-viewer>`: onEsignReady, onEsignPageChange, onEsignPageRender, onEsignError. */
export const EsignViewer = createComponent({
  react: React,
  tagName: 'esign-viewer',
  elementClass: EsignViewerElement,
  events: reactEvents(VIEWER_EVENTS),
  displayName: 'EsignViewer',
});

/** `<esign-editor>`: onEsignReady, onEsignChange, onEsignSelect, onEsignValidate, onEsignSave, onEsignError, onEsignPageRender, onEsignUpload. */
export const EsignEditor = createComponent({
  react: React,
  tagName: 'esign-editor',
  elementClass: EsignEditorElement,
  events: reactEvents(EDITOR_EVENTS),
  displayName: 'EsignEditor',
});

/** `<esign-signer>`: onEsignReady, onEsignFieldChange, onEsignComplete, onEsignReject, onEsignError. */
export const EsignSigner = createComponent({
  react: React,
  tagName: 'esign-signer',
  elementClass: EsignSignerElement,
  events: reactEvents(SIGNER_EVENTS),
  displayName: 'EsignSigner',
});

export type EsignViewerProps = React.ComponentProps<typeof EsignViewer>;
export type EsignEditorProps = React.ComponentProps<typeof EsignEditor>;
export type EsignSignerProps = React.ComponentProps<typeof EsignSigner>;
/** The elements themselves, for refs: `useRef<EsignEditorElement>(null)`. */
export type { EsignViewerElement, EsignEditorElement, EsignSignerElement };
export { handlerName } from './events.ts';
