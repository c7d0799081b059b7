import { expect, fixture, html as testHtml } from '@open-wc/testing';
import { emulateMedia } from '@web/test-runner-commands';
import { LitElement } from 'lit';
import { renderProgress, statusStyles } from './status-templates.ts';

/** The shared loading bar alone, as the viewer shows it while a document's size is unknown. */
class ProgressProbe extends LitElement {
  static override styles = [statusStyles];
  override render() {
    return renderProgress(null, 'en');
  }
}
customElements.define('esign-progress-probe', ProgressProbe);

/** Animations running in the probe's shadow root that last longer than 0.2 s (an infinite one counts). */
function longAnimations(el: HTMLElement): number[] {
  return el
    .shadowRoot!.getAnimations()
    .map((a) => Number(a.effect!.getComputedTiming().activeDuration))
    .filter((ms) => !(ms <= 200));
}

describe('the loading bar', () => {
  afterEach(() => emulateMedia({ reducedMotion: 'no-preference' }));

  it('slides while the size is unknown', async () => {
    const el = await fixture<ProgressProbe>(testHtml`<esign-progress-probe></esign-progress-probe>`);
    expect(longAnimations(el)).to.deep.equal([Infinity]);
  });

  it('stands still under prefers-reduced-motion: reduce, a static bar across the width', async () => {
    await emulateMedia({ reducedMotion: 'reduce' });
    const el = await fixture<ProgressProbe>(testHtml`<esign-progress-probe></esign-progress-probe>`);
    expect(longAnimations(el)).to.deep.equal([]);
    const bar = el.shadowRoot!.querySelector<HTMLElement>('.progress-bar')!;
    expect(bar.getBoundingClientRect().width).to.be.closeTo(el.shadowRoot!.querySelector('.progress')!.getBoundingClientRect().width, 1);
  });
});
