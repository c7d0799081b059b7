/**
 * The GraphQL explorer (demo/web/explorer/) follows the product's tokens: GraphiQL's `H, S%, L%` colour variables
 * are computed from whatever --esign-* values the page has, so a deployment that themes the elements themes the
 * explorer too; and a header typed in GraphiQL's Headers editor, in any letter case, replaces the page's credential.
 */
import { expect } from '@open-wc/testing';
// @ts-expect-error plain JavaScript built for the browser (no declarations)
import { hslTriple, themeCss } from '../../demo/web/explorer/theme.js';
// @ts-expect-error plain JavaScript built for the browser (no declarations)
import { hasAuthorization } from '../../demo/web/explorer/fetcher.js';

describe('GraphQL explorer theme and credentials', () => {
  it('turns CSS colours into GraphiQL triples', () => {
    expect(hslTriple('#ff0000')).to.equal('0, 100%, 50%');
    expect(hslTriple('#1d4ed8')).to.equal('224, 76.3%, 48%');
    expect(hslTriple('white')).to.equal('0, 0%, 100%');
  });

  it('writes GraphiQL variables from the page tokens, including a deployment theme', () => {
    const root = document.createElement('div');
    root.style.setProperty('--esign-accent-color', '#008000');
    root.style.setProperty('--esign-text-color', '#000');
    root.style.setProperty('--esign-panel-background', '#fff');
    root.style.setProperty('--esign-font-family', 'Georgia, serif');
    document.body.append(root);
    const css = themeCss(root);
    root.remove();
    expect(css).to.contain('--color-primary: 120, 100%, 25.1% !important;');
    expect(css).to.contain('--color-neutral: 0, 0%, 0% !important;');
    expect(css).to.contain('--color-base: 0, 0%, 100% !important;');
    expect(css).to.contain('--font-family: Georgia, serif !important;');
  });

  it('lets an Authorization header from the editor win, in any letter case', () => {
    expect(hasAuthorization({ authorization: 'Bearer x' })).to.equal(true);
    expect(hasAuthorization({ AUTHORIZATION: 'Bearer x' })).to.equal(true);
    expect(hasAuthorization({ 'X-Other': '1' })).to.equal(false);
    expect(hasAuthorization(undefined)).to.equal(false);
  });
});
