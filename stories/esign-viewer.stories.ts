import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import type { FieldElement } from '../src/fields/types.ts';
import { completeElement } from '../src/fields/complete-element.ts';
import '../src/esign-viewer/esign-viewer.ts';

interface ViewerArgs {
  src: string;
  zoom: string;
  page: number;
  hideToolbar: boolean;
  fields: FieldElement[] | null;
}

const SIGNATURE =
  'data:image/svg+xml;base64,' +
  btoa(
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="80" viewBox="0 0 300 80"><path d="M10 60 C 40 10, 60 10, 80 50 S 120 80, 140 30 S 190 10, 210 55 S 260 70, 290 20" fill="none" stroke="#1e3a8a" stroke-width="4" stroke-linecap="round"/></svg>',
  );

function field(partial: Partial<FieldElement>): FieldElement {
  // font_size 11: the size these fields were written with (the default is 10).
  return completeElement({ ax: 0.1, ay: 0.1, bx: 0.4, by: 0.14, page: 1, element_type: 'text', font_size: 11, ...partial });
}

const emptyFields: FieldElement[] = [
  field({ ax: 0.12, ay: 0.82, bx: 0.45, by: 0.88, element_type: 'signature', signer: 1 }),
  field({ ax: 0.55, ay: 0.82, bx: 0.88, by: 0.88, element_type: 'signature', signer: 2 }),
  field({ ax: 0.12, ay: 0.9, bx: 0.3, by: 0.93, label: 'Full name', signer: 1 }),
  field({ ax: 0.55, ay: 0.9, bx: 0.75, by: 0.93, label: 'Date', validation: 30, signer: 2 }),
  field({ ax: 0.8, ay: 0.9, bx: 0.88, by: 0.94, element_type: 'initials', signer: 101 }),
  field({ ax: 0.12, ay: 0.2, bx: 0.4, by: 0.24, element_type: 'admin', signer: 0, label: 'Reference' }),
  field({ page: 2, ax: 0.6, ay: 0.05, bx: 0.68, by: 0.08, element_type: 'initials', signer: 1, optional: true }),
];

const filledFields: FieldElement[] = emptyFields.map((f) => {
  if (f.element_type === 'signature' || f.element_type === 'initials') return { ...f, value: SIGNATURE };
  if (f.label === 'Full name') return { ...f, value: 'Ada Lovelace' };
  if (f.label === 'Date') return { ...f, value: '21/11/2026' };
  if (f.element_type === 'admin') return { ...f, value: 'CONTRACT-2026-042' };
  return f;
});

const meta: Meta<ViewerArgs> = {
  title: 'Elements/esign-viewer',
  component: 'esign-viewer',
  args: { src: '/fixtures/pdflib-us_constitution.pdf', zoom: 'fit-width', page: 1, hideToolbar: false, fields: null },
  argTypes: {
    zoom: { control: 'text', description: '`fit-width`, `fit-page`, a factor or a percentage' },
    page: { control: { type: 'number', min: 1 } },
  },
  render: (args) => html`<esign-viewer
    style="height: 100vh"
    src=${args.src}
    zoom=${args.zoom}
    page=${args.page}
    ?hide-toolbar=${args.hideToolbar}
    .fields=${args.fields}
  ></esign-viewer>`,
};
export default meta;

type Story = StoryObj<ViewerArgs>;

export const Default: Story = {};

export const WithEmptyFields: Story = { args: { fields: emptyFields } };

export const WithFilledFields: Story = { args: { fields: filledFields } };

export const FitPage: Story = { args: { zoom: 'fit-page' } };

export const RotatedPages: Story = { args: { src: '/fixtures/pdfjs-rotation.pdf', zoom: 'fit-page' } };

export const ManyPages: Story = { args: { src: '/fixtures/pdflib-us_constitution.pdf', page: 5 } };

/** A server that honours `?delay=` (the test server does) shows the progress bar for a few seconds. */
export const Loading: Story = { args: { src: '/fixtures/pdflib-us_constitution.pdf?delay=4000' } };

export const BrokenPdf: Story = { args: { src: '/fixtures/pdflib-missing_xref_trailer_dict.pdf' } };

export const Encrypted: Story = { args: { src: '/fixtures/pdflib-encrypted_new.pdf' } };

/** Bytes that are not a PDF: the error state, without a failed request or a console error on the page. */
export const NotAPdf: Story = { args: { src: '/fixtures/not-a-pdf.pdf' } };

export const DarkTheme: Story = {
  args: { fields: filledFields },
  render: (args) => html`<esign-viewer
    style="
      height: 100vh;
      --esign-viewer-background: #111827;
      --esign-viewer-border: 1px solid #374151;
      --esign-text-color: #f3f4f6;
      --esign-toolbar-background: #1f2937;
      --esign-toolbar-border: 1px solid #374151;
      --esign-button-background: #374151;
      --esign-button-border-color: #4b5563;
      --esign-accent-color: #60a5fa;
      --esign-focus-color: #93c5fd;
      --esign-page-shadow: 0 0 0 1px #374151;
      --esign-message-background: #1f2937;
      --esign-error-color: #f87171;
    "
    src=${args.src}
    zoom=${args.zoom}
    .fields=${args.fields}
  ></esign-viewer>`,
};
