// The GraphQL explorer at /graphql/: GraphiQL, built from npm into the server's own files
// (demo/web/explorer/, `npm run build` → /dist/explorer/), no CDN. This script shows the page in its
// language at once and loads GraphiQL after; it says so when the build is missing.
import { applyLang, pageLang, t } from './i18n.js';

const lang = pageLang();
applyLang(lang, 'explorer.title');
const status = document.getElementById('explorer-status');
const host = document.getElementById('graphiql');

try {
  const [app] = await Promise.all([import('/dist/explorer/explorer.js'), stylesheet('/dist/explorer/explorer.css')]);
  const authorization = await app.chooseAuthorization();
  status.textContent = t(lang, `explorer.auth.${authorization.kind}`);
  host.removeAttribute('aria-busy');
  app.mountExplorer(host, authorization);
} catch (error) {
  status.textContent = t(lang, 'explorer.notBuilt', { reason: error.message });
  status.classList.add('problem');
}

function stylesheet(href) {
  return new Promise((resolve, reject) => {
    const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href });
    link.onload = resolve;
    link.onerror = () => reject(new Error(`${href} did not load`));
    document.head.append(link);
  });
}
