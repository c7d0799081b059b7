import type { CSSResult } from 'lit';
import { baseStyles } from './styles/base.styles.ts';
import { toolbarStyles } from './styles/toolbar.styles.ts';
import { sideStyles } from './styles/side.styles.ts';
import { scrollerStyles } from './styles/scroller.styles.ts';
import { fieldsStyles } from './styles/fields.styles.ts';
import { panelStyles } from './styles/panel.styles.ts';
import { touchStyles } from './styles/touch.styles.ts';

/**
 * The editor's styles, one sheet per part, in cascade order: later sheets win ties (the fields' own focus
 * ring over the controls' one in the base sheet); the touch sheet's floor for finger-sized controls comes last.
 */
export const editorStyles: CSSResult[] = [baseStyles, toolbarStyles, sideStyles, scrollerStyles, fieldsStyles, panelStyles, touchStyles];
