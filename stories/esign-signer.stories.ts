import { html } from 'lit';
import type { Meta, StoryObj } from '@storybook/web-components-vite';
import { ENDPOINT, SIGNER, fakeServer, fakeToken, ownField } from '../test/support/signer/signer-fake-server.ts';
import type { SignerField } from '../src/esign-signer/signer-model.ts';
import '../src/esign-signer/esign-signer.ts';

// Storybook has no server: the signer talks to an in-page stand-in at http://signer.test that answers
// like the real signer operations (the real journey runs in `npm run demo`). The pdf.js worker is set in .storybook/preview.ts.

interface SignerArgs {
  modes: string;
  dir: 'ltr' | 'rtl';
  canSign: boolean;
}

function fields(): SignerField[] {
  return [
    ownField({ label: 'Full name', ay: 0.1, by: 0.14 }),
    ownField({ label: 'Email', validation: 1, ay: 0.17, by: 0.21 }),
    ownField({ label: 'Start date', validation: 4, ay: 0.24, by: 0.28 }),
    ownField({ label: 'Plan', validation: 20, options: 'Basic\nPro\nEnterprise', ay: 0.31, by: 0.35 }),
    ownField({ label: 'I agree', validation: 25, ay: 0.38, by: 0.41, bx: 0.15 }),
    ownField({ element_type: 'signature', ay: 0.45, by: 0.55 }),
    ownField({ element_type: 'initials', ay: 0.58, by: 0.64, bx: 0.2 }),
    ownField({ label: 'Signed on', validation: 48, ay: 0.67, by: 0.71 }),
    { ...ownField({ signer: 2, element_type: 'signature', ax: 0.55, bx: 0.9, ay: 0.45, by: 0.55 }), editable: false },
  ];
}

const meta: Meta<SignerArgs> = {
  title: 'Elements/esign-signer',
  component: 'esign-signer',
  tags: ['autodocs'],
  args: { modes: '', dir: 'ltr', canSign: true },
  argTypes: {
    modes: { control: 'text', description: 'Capture modes for every signature: any of `draw type upload`.' },
    dir: { control: 'inline-radio', options: ['ltr', 'rtl'] },
    canSign: { control: 'boolean', description: 'False shows the "not your turn yet" state.' },
  },
  loaders: [async ({ args }) => ({ server: await fakeServer(fields(), { canSign: (args as SignerArgs).canSign }) })],
  render: (args) => html`<div dir=${args.dir} style="height: 640px">
    <esign-signer style="--esign-signer-height: 100%" endpoint=${ENDPOINT} token=${fakeToken()} signer=${SIGNER} modes=${args.modes} no-redirect></esign-signer>
  </div>`,
};
export default meta;

type Story = StoryObj<SignerArgs>;

export const Signing: Story = {};
export const TypeOnly: Story = { args: { modes: 'type' } };
export const RightToLeft: Story = { args: { dir: 'rtl' } };
export const NotYourTurn: Story = { args: { canSign: false } };
