/**
 * The controllers that edit on the page, wired to the editor's actions: pointer gestures on the pages
 * (move, resize, marquee, draw), dragging field types out of the toolbox, and the property panel kept
 * beside the selection.
 */
import type { ReactiveControllerHost } from 'lit';
import type { EditorActions } from '../editor-actions.ts';
import type { EditorHost } from '../editor-host.ts';
import { toolName } from '../editor-views.ts';
import { PanelPosition } from './panel-position.ts';
import { PointerEditingController } from './pointer-editing.ts';
import { ToolboxDrag } from './toolbox-drag.ts';

export interface EditingControllersOptions {
  host: EditorHost;
  actions: EditorActions;
  /** Off while the `no-snap` attribute is set. */
  snapping: () => boolean;
}

export class EditingControllers {
  readonly pointer: PointerEditingController;
  readonly toolDrag: ToolboxDrag;
  readonly panelPosition: PanelPosition;

  constructor(element: ReactiveControllerHost & HTMLElement, { host, actions, snapping }: EditingControllersOptions) {
    this.pointer = new PointerEditingController(element, {
      model: actions.model,
      readOnly: () => host.readOnly,
      snapping,
      pageSize: (page) => host.pageSizePt(page),
      pageElement: (page) => host.pageElement(page),
      pageCount: () => host.pageCount,
      fieldElement: (id) => host.fieldElement(id),
      armedTool: () => actions.armed,
      drawField: (page, at, rect) => actions.drawField(page, at, rect),
      onGestureEnd: (kind, ids) => actions.announceGeometry(kind === 'move' ? 'moved' : 'resized', ids.length),
    });
    this.toolDrag = new ToolboxDrag({
      root: () => host.root,
      ghostLabel: (type) => toolName(host.lang, type),
      drop: (type, page, at) => actions.dropTool(type, page, at),
    });
    this.panelPosition = new PanelPosition(element, {
      reference: () => (actions.model.selection[0] ? host.fieldElement(actions.model.selection[0]) : null),
      floating: () => host.root?.querySelector<HTMLElement>('.panel') ?? null,
      rtl: () => getComputedStyle(element).direction === 'rtl',
      boundary: () => host.scroller,
    });
  }

  /** Ends a pointer or toolbox gesture under way; true when there was one. */
  cancel(): boolean {
    return this.pointer.cancel() || this.toolDrag.cancel();
  }
}
