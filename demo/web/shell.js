// The header every served page shares: the product's name (home) and the navigation between the pages,
// in the page's language (it follows <html lang>, which each page sets once it knows its language).
// Pages a recipient opens from an email (signing, review, preview) show the name only: a signer has no
// use for the developer tools. Styles in shell.css; the tokens there are the elements' --esign-* ones.
import { pageLang, t } from '/demo/i18n.js';

/** The pages in the navigation, in order: [path, string key]. */
export const NAV = [
  ['/', 'shell.home'],
  ['/demo/journey.html', 'shell.walkthrough'],
  ['/portal/', 'shell.portal'],
  ['/demo/webhook-tools.html', 'shell.webhookTools'],
  ['/graphql/', 'shell.graphql'],
  ['/docs/', 'shell.apiDocs'],
  ['/verify/', 'shell.verify'],
];

const RECIPIENT_PAGES = ['/demo/sign.html', '/demo/review.html', '/demo/preview.html'];

const LOGO =
  '<svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round">' +
  '<path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" fill="var(--esign-accent-color)" fill-opacity="0.15" stroke="var(--esign-accent-color)"/>' +
  '<path d="M14 3v5h5"/><path d="M8 17c1.5-2 2.5-2 3 0s1.5 1 2.5-.5 1.5-1 2.5.5"/></svg>';

function currentPath() {
  const path = location.pathname;
  return path === '/demo/' || path === '/demo/index.html' ? '/' : path;
}

/** Builds the header (once) and fills its text in `lang`. */
export function renderShell(lang = document.documentElement.lang || pageLang()) {
  let shell = document.querySelector('.esign-shell');
  const minimal = RECIPIENT_PAGES.includes(location.pathname);
  if (!shell) {
    // One banner landmark per page: a page that already has its own top-level <header> gets a plain block.
    const hasHeader = [...document.body.children].some((el) => el.tagName === 'HEADER');
    shell = document.createElement(hasHeader ? 'div' : 'header');
    shell.className = 'esign-shell';
    shell.innerHTML = `<a class="brand" href="/">${LOGO}<span class="name"></span></a>`;
    if (!minimal) {
      shell.insertAdjacentHTML(
        'beforeend',
        `<button type="button" class="menu" aria-expanded="false" aria-controls="esign-shell-nav"></button>` +
          `<nav id="esign-shell-nav" data-open="false"><ul>${NAV.map(([href]) => `<li><a href="${href}"></a></li>`).join('')}</ul></nav>`,
      );
      const menu = shell.querySelector('.menu');
      const nav = shell.querySelector('nav');
      menu.addEventListener('click', () => {
        const open = menu.getAttribute('aria-expanded') !== 'true';
        menu.setAttribute('aria-expanded', String(open));
        nav.dataset.open = String(open);
      });
    }
    document.body.prepend(shell);
  }
  shell.querySelector('.name').textContent = t(lang, 'shell.product');
  const nav = shell.querySelector('nav');
  if (nav) {
    nav.setAttribute('aria-label', t(lang, 'shell.navigation'));
    shell.querySelector('.menu').textContent = t(lang, 'shell.menu');
    const here = currentPath();
    nav.querySelectorAll('a').forEach((a, i) => {
      a.textContent = t(lang, NAV[i][1]);
      if (NAV[i][0] === here) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
  }
  return shell;
}

if (typeof document !== 'undefined') {
  renderShell();
  // Pages set <html lang> once they know the language (the signing page learns it from the document).
  new MutationObserver(() => renderShell()).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}
