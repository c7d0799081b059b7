/**
 * GET /api/v1/openapi.json (the document http/openapi.ts generates) and the /docs/ page: Swagger UI, served
 * from node_modules (offline), in the product's shell (demo/web/shell.js and shell.css: its header and tokens)
 * without the framework's top bar and title.
 */
import swaggerUi from '@fastify/swagger-ui';
import type { App } from '../http/typed-app.ts';

/** Swagger UI's own look, brought to the product's tokens (shell.css); dark by inverting its light theme, which it lacks. */
const DOCS_CSS = `@import url('/demo/shell.css');
body { margin: 0; background: var(--esign-panel-background); }
.swagger-ui { font-family: var(--esign-font-family); }
.swagger-ui .wrapper { max-width: 72rem; padding-inline: 1.25rem; }
.swagger-ui .info { margin: 1.25rem 0; }
.swagger-ui .info .title, .swagger-ui .opblock-tag { font-family: var(--esign-font-family); }
.swagger-ui .info a, .swagger-ui a.nostyle { color: var(--esign-accent-color); }
.swagger-ui .btn.authorize { color: var(--esign-accent-color); border-color: var(--esign-accent-color); }
.swagger-ui .btn.authorize svg { fill: var(--esign-accent-color); }
.swagger-ui .btn.execute { background: var(--esign-accent-color); border-color: var(--esign-accent-color); }
/* Swagger UI's badges put white on light colours (axe color-contrast): the same hues, dark enough for AA. */
.swagger-ui .info .title small { background: #4b5563; }
.swagger-ui .info .title small.version-stamp { background: #3f6212; }
.swagger-ui .opblock.opblock-get .opblock-summary .opblock-summary-method { background: #1d64b0; }
.swagger-ui .opblock.opblock-post .opblock-summary .opblock-summary-method { background: #12784a; }
.swagger-ui .opblock.opblock-put .opblock-summary .opblock-summary-method { background: #9a5200; }
.swagger-ui .opblock.opblock-delete .opblock-summary .opblock-summary-method { background: #b42318; }
.swagger-ui .opblock.opblock-patch .opblock-summary .opblock-summary-method { background: #0e6e60; }
.swagger-ui .opblock-summary-path a.nostyle { display: inline-block; min-height: 24px; line-height: 24px; }
@media (max-width: 40rem) {
  .swagger-ui .wrapper { padding-inline: 0.75rem; }
  .swagger-ui .scheme-container .schemes { flex-wrap: wrap; gap: 0.75rem; }
  .swagger-ui .servers, .swagger-ui .servers * { max-width: 100%; min-width: 0; }
  .swagger-ui .servers select { width: 100%; box-sizing: border-box; }
  .swagger-ui .servers > label { margin-inline-end: 0; }
}
@media (prefers-color-scheme: dark) {
  body { background: #fff; }
  /* Drawn light, then inverted: the light tokens inside, so the colours (and axe's contrast check, which does not
     see the filter) are the light theme's. */
  #swagger-ui {
    filter: invert(0.9) hue-rotate(180deg); color-scheme: light;
    --esign-accent-color: #1d4ed8; --esign-text-color: #1d1d1f; --esign-muted-color: #515154; --esign-panel-background: #fff;
  }
}
`;

/** The product's header, in a classic script (Swagger UI's page loads theme scripts without type=module). */
const DOCS_JS = `import('/demo/shell.js');
// Swagger UI's server picker has no name (axe select-name).
new MutationObserver(() => {
  const servers = document.getElementById('servers');
  if (servers && !servers.hasAttribute('aria-label')) servers.setAttribute('aria-label', 'Server');
}).observe(document.body, { childList: true, subtree: true });`;

const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" fill="none" stroke="#1d4ed8" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"><path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z"/><path d="M14 3v5h5"/><path d="M8 17c1.5-2 2.5-2 3 0s1.5 1 2.5-.5 1.5-1 2.5.5"/></svg>';

export default async function openApiRoutes(app: App): Promise<void> {
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // BaseLayout: no top bar (the framework's logo and the /docs/json address box).
    uiConfig: { layout: 'BaseLayout', docExpansion: 'list', deepLinking: true, defaultModelsExpandDepth: 0 },
    theme: {
      title: 'API reference · esign-elements',
      css: [{ filename: 'esign.css', content: DOCS_CSS }],
      js: [{ filename: 'esign-shell.js', content: DOCS_JS }],
      favicon: [{ filename: 'esign.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: LOGO_SVG }],
    },
  });

  app.get('/api/v1/openapi.json', { schema: { hide: true }, config: { auth: 'public' } }, async () => app.swagger());
}
