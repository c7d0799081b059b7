import { expect, fixture, html } from '@open-wc/testing';
import { sendMouse } from '@web/test-runner-commands';
import type SignaturePad from 'signature_pad';
import { openCapture, scaleStrokes } from './signature-capture.ts';
import type { EsignSignatureCapture } from './signature-capture.ts';

async function waitFor(ok: () => boolean): Promise<void> {
  for (let i = 0; i < 200 && !ok(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(ok()).to.equal(true);
}

const frame = () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null))));

async function openDialog(modes: ('draw' | 'type' | 'upload')[] = ['draw', 'type', 'upload']) {
  const el = await fixture<EsignSignatureCapture>(html`<esign-signature-capture></esign-signature-capture>`);
  const adopted: string[] = [];
  openCapture(el, { kind: 'signature', lang: 'en', modes, name: 'Ann Tester', onAdopt: (url) => adopted.push(url), onCancel: () => {} });
  await el.updateComplete;
  await frame();
  return { el, adopted, root: el.shadowRoot! };
}

describe('esign-signature-capture', () => {
  it('keeps drawn strokes in place when the pad is resized (a phone rotating)', async () => {
    const { el, root } = await openDialog();
    const dialog = root.querySelector('dialog')!;
    dialog.style.maxWidth = '600px';
    await frame();
    const pad = root.querySelector<HTMLCanvasElement>('canvas.pad')!;
    const box = pad.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 40), Math.round(box.top + 40)] });
    await sendMouse({ type: 'down' });
    for (let x = 60; x <= 240; x += 20) await sendMouse({ type: 'move', position: [Math.round(box.left + x), Math.round(box.top + 50)] });
    await sendMouse({ type: 'up' });
    const signaturePad = (el as unknown as { pad: SignaturePad }).pad;
    const before = signaturePad.toData()[0].points[0];
    dialog.style.maxWidth = '300px';
    await frame();
    await frame();
    const after = signaturePad.toData()[0].points[0];
    const k = pad.getBoundingClientRect().width / box.width;
    expect(k).to.be.below(0.9);
    expect(after.x).to.be.closeTo(before.x * k, 0.5);
    expect(after.y).to.be.closeTo(before.y * k, 0.5);
    expect(pad.width).to.equal(Math.round(pad.getBoundingClientRect().width * Math.max(devicePixelRatio, 1)));
  });

  it('keeps a drawn signature when the recipient looks at Type and comes back to Draw', async () => {
    const { el, root, adopted } = await openDialog();
    const pad = root.querySelector<HTMLCanvasElement>('canvas.pad')!;
    const box = pad.getBoundingClientRect();
    await sendMouse({ type: 'move', position: [Math.round(box.left + 30), Math.round(box.top + 30)] });
    await sendMouse({ type: 'down' });
    for (let x = 50; x <= 200; x += 25) await sendMouse({ type: 'move', position: [Math.round(box.left + x), Math.round(box.top + 45)] });
    await sendMouse({ type: 'up' });
    const drawn = (el as unknown as { pad: SignaturePad }).pad.toData();
    expect(drawn.length).to.equal(1);
    root.querySelector<HTMLButtonElement>('#tab-type')!.click();
    await el.updateComplete;
    expect(root.querySelector('canvas.pad')).to.equal(null);
    root.querySelector<HTMLButtonElement>('#tab-draw')!.click();
    await el.updateComplete;
    await frame();
    const back = (el as unknown as { pad: SignaturePad }).pad;
    expect(back.toData().length).to.equal(1, 'the stroke is still there');
    expect(back.toData()[0].points[0].x).to.be.closeTo(drawn[0].points[0].x, 0.5);
    expect(root.querySelector<HTMLButtonElement>('.pad-tools button')!.disabled).to.equal(false, 'undo is offered');
    root.querySelector<HTMLButtonElement>('.capture-actions .primary')!.click();
    await waitFor(() => adopted.length === 1);
    expect(adopted[0]).to.match(/^data:image\/png;base64,/);
  });

  it('scaleStrokes scales every point and keeps the rest', () => {
    const data = [{ penColor: 'x', points: [{ x: 10, y: 20, time: 1, pressure: 0.5 }] }];
    expect(scaleStrokes(data, 2)).to.deep.equal([{ penColor: 'x', points: [{ x: 20, y: 40, time: 1, pressure: 0.5 }] }]);
  });

  it('refuses to adopt nothing, and a typed signature becomes a PNG', async () => {
    const { root, adopted } = await openDialog(['type']);
    expect(root.querySelector('[role=tablist]')).to.equal(null, 'one mode: no tabs');
    const typed = root.querySelector<HTMLInputElement>('#typed')!;
    expect(typed.value).to.equal('Ann Tester');
    typed.value = ' ';
    typed.dispatchEvent(new Event('input'));
    root.querySelector<HTMLButtonElement>('.capture-actions .primary')!.click();
    await frame();
    expect(root.querySelector('.capture-message')!.textContent).to.contain('first');
    typed.value = 'Ann';
    typed.dispatchEvent(new Event('input'));
    root.querySelector<HTMLButtonElement>('.capture-actions .primary')!.click();
    await waitFor(() => adopted.length > 0);
    expect(adopted[0]).to.match(/^data:image\/png;base64,/);
  });

  it('typed signatures use the bundled script fonts, loaded before the PNG is drawn', async () => {
    const { root, adopted } = await openDialog(['type']);
    const samples = [...root.querySelectorAll<HTMLElement>('.font-sample')];
    expect(samples.map((s) => s.style.fontFamily.split(',')[0].replace(/["']/g, ''))).to.deep.equal(['Esign Dancing Script', 'Esign Great Vibes']);
    root.querySelector<HTMLButtonElement>('.capture-actions .primary')!.click();
    await waitFor(() => adopted.length > 0);
    const faces = [...document.fonts].filter((f) => f.family.replace(/["']/g, '').startsWith('Esign '));
    expect(faces.map((f) => f.status)).to.deep.equal(['loaded', 'loaded']);
    // The face is really in use: the same text measures differently than in the fallback.
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = "60px 'Esign Dancing Script', sans-serif";
    const script = ctx.measureText('Ann Tester').width;
    ctx.font = '60px sans-serif';
    expect(Math.abs(script - ctx.measureText('Ann Tester').width)).to.be.above(5);
    // And the PNG the server will stamp has ink in it.
    const image = await createImageBitmap(await (await fetch(adopted[0])).blob());
    const canvas = document.createElement('canvas');
    canvas.width = image.width;
    canvas.height = image.height;
    const c = canvas.getContext('2d')!;
    c.drawImage(image, 0, 0);
    const alpha = c.getImageData(0, 0, image.width, image.height).data.filter((_, i) => i % 4 === 3 && _ > 0).length;
    expect(alpha).to.be.above(1000);
  });

  it('an upload that is not PNG or JPEG is refused with a message', async () => {
    const { el, root } = await openDialog(['upload']);
    const input = root.querySelector<HTMLInputElement>('#upload')!;
    const transfer = new DataTransfer();
    transfer.items.add(new File(['GIF89a'], 'x.gif', { type: 'image/gif' }));
    input.files = transfer.files;
    input.dispatchEvent(new Event('change'));
    await el.updateComplete;
    expect(root.querySelector('.capture-message')!.textContent).to.contain('not a PNG or JPEG');
  });
});
