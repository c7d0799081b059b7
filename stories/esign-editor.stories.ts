import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { FieldElement } from '../src/fields/types.ts';
import { normalizeElement } from '../src/fields/validate.ts';
import { generatePdf } from '../test/support/generate-pdf.ts';
import '../src/esign-editor/esign-editor.ts';

interface EditorArgs {
  src: string;
  fields: FieldElement[];
  signers: string;
  toolbox: string;
  readonly: boolean;
  allowEditRecipients: boolean;
  noSnap: boolean;
  zoom: string;
  dir: 'ltr' | 'rtl';
  theme: 'light' | 'dark';
}

const field = (partial: Partial<FieldElement>): FieldElement =>
  normalizeElement({ ax: 0.1, ay: 0.1, bx: 0.4, by: 0.14, page: 1, element_type: 'text', signer: 1, ...partial });

const contractFields: FieldElement[] = [
  field({ ax: 0.12, ay: 0.82, bx: 0.42, by: 0.87, element_type: 'signature', signer: 1 }),
  field({ ax: 0.55, ay: 0.82, bx: 0.85, by: 0.87, element_type: 'signature', signer: 2 }),
  field({ ax: 0.12, ay: 0.89, bx: 0.32, by: 0.92, label: 'Full name', signer: 1 }),
  field({ ax: 0.55, ay: 0.89, bx: 0.7, by: 0.92, validation: 48, signer: 2, label: 'Signed on' }),
  field({ ax: 0.12, ay: 0.2, bx: 0.4, by: 0.235, element_type: 'admin', signer: 0, label: 'Reference' }),
];

const witnessFields: FieldElement[] = [
  ...contractFields,
  field({ ax: 0.12, ay: 0.93, bx: 0.42, by: 0.97, element_type: 'signature', signer: 101, label: 'Witness' }),
  field({ ax: 0.55, ay: 0.93, bx: 0.85, by: 0.97, element_type: 'signature', signer: 201, label: 'Approval' }),
  field({ page: 2, ax: 0.8, ay: 0.92, bx: 0.9, by: 0.96, element_type: 'initials', signer: 1 }),
  field({ page: 2, ax: 0.1, ay: 0.5, bx: 0.35, by: 0.53, validation: 20, options: 'Monthly\nQuarterly\nYearly', label: 'Billing' }),
  field({ page: 2, ax: 0.1, ay: 0.56, bx: 0.13, by: 0.58, validation: 25, label: 'Agree' }),
];

const witnesses = JSON.stringify([
  { name: 'Ada Lovelace' },
  { name: 'Charles Babbage' },
  { name: 'Mary Somerville', role: 'witness', index: 1 },
  { name: 'Legal team', role: 'approver', index: 1 },
]);

/** 500 fields over 100 pages: five per page in a column, cycling through signers and types. */
function manyFields(pages: number, perPage: number): FieldElement[] {
  const types: Partial<FieldElement>[] = [
    { element_type: 'signature' },
    { element_type: 'initials' },
    { label: 'Name' },
    { validation: 4, label: 'Date' },
    { validation: 25, label: 'Tick' },
  ];
  const out: FieldElement[] = [];
  for (let p = 1; p <= pages; p++) {
    for (let i = 0; i < perPage; i++) {
      const ay = 0.1 + i * 0.16;
      out.push(
        field({ page: p, ax: 0.15, ay, bx: i === 4 ? 0.18 : 0.5, by: ay + (i === 4 ? 0.025 : 0.05), signer: 1 + ((p + i) % 3), ...types[i % types.length] }),
      );
    }
  }
  return out;
}

const DARK = [
  '--esign-editor-background: #111827',
  '--esign-text-color: #e5e7eb',
  '--esign-viewer-background: #030712',
  '--esign-border-color: #374151',
  '--esign-button-background: #1f2937',
  '--esign-input-background: #1f2937',
  '--esign-panel-background: #1f2937',
  '--esign-page-background: #f9fafb',
  '--esign-accent-color: #60a5fa',
  '--esign-focus-color: #fbbf24',
  'color-scheme: dark',
].join(';');

const meta: Meta<EditorArgs> = {
  title: 'Elements/esign-editor',
  component: 'esign-editor',
  args: {
    src: '/fixtures/pdflib-us_constitution.pdf',
    fields: [],
    signers: '',
    toolbox: '',
    readonly: false,
    allowEditRecipients: false,
    noSnap: false,
    zoom: 'fit-width',
    dir: 'ltr',
    theme: 'light',
  },
  argTypes: {
    toolbox: { control: 'text', description: 'Field types to offer, e.g. `signature initials date`' },
    dir: { control: 'inline-radio', options: ['ltr', 'rtl'] },
    theme: { control: 'inline-radio', options: ['light', 'dark'] },
  },
  render: (args, { loaded }) => html`<esign-editor
    style="height: 100vh;${args.theme === 'dark' ? DARK : ''}"
    dir=${args.dir}
    src=${loaded.data ? '' : args.src}
    .data=${(loaded.data as Uint8Array | undefined) ?? null}
    .fields=${args.fields}
    signers=${args.signers}
    toolbox=${args.toolbox}
    zoom=${args.zoom}
    ?readonly=${args.readonly}
    ?allow-edit-recipients=${args.allowEditRecipients}
    ?no-snap=${args.noSnap}
    @esign-change=${(e: CustomEvent) => console.log('esign-change', e.detail)}
    @esign-save=${(e: CustomEvent) => console.log('esign-save', e.detail)}
  ></esign-editor>`,
};
export default meta;

type Story = StoryObj<EditorArgs>;

/** A template with no fields yet: drag from the toolbox, or pick a type and draw. */
export const EmptyTemplate: Story = {};

/** 100 generated pages with 500 fields: scrolling, selecting and dragging stay smooth. */
export const ManyPagesManyFields: Story = {
  args: { fields: manyFields(100, 5), zoom: '0.8' },
  loaders: [async () => ({ data: await generatePdf({ pages: 100 }) })],
};

/** Two signers, a witness of the first and an approver, editable by the sender. */
export const RecipientsWithWitnesses: Story = {
  args: { fields: witnessFields, signers: witnesses, allowEditRecipients: true },
};

/** Fields shown, nothing editable: no toolbox, no handles, keyboard edits ignored. */
export const ReadOnly: Story = { args: { fields: witnessFields, signers: witnesses, readonly: true } };

/** Right-to-left chrome (toolbox on the right, panel on the left); the PDF pages stay as printed. */
export const RightToLeft: Story = { args: { fields: contractFields, dir: 'rtl' } };

/** Dark chrome through the --esign-* custom properties. */
export const DarkTheme: Story = { args: { fields: contractFields, signers: witnesses, theme: 'dark' } };

/** Only signature, initials and date fields offered. */
export const LimitedToolbox: Story = { args: { toolbox: 'signature initials date signing-date' } };
