// The GraphQL explorer's application (built by `npm run build` into demo/dist/explorer/, loaded by
// demo/web/explorer.js): GraphiQL 5 (editor with completion, schema docs, history, headers) in the
// product's shell and tokens. GraphiQL and Monaco are loaded here, not with the page's first bytes.
import 'graphiql/setup-workers/vite';
// GraphiQL's parts without its bundled copy of Monaco's CSS (the Monaco chunk brings its own) and without its
// embedded Roboto and Fira Code: the page uses the product's fonts (theme.js).
import '@graphiql/react/style.css';
import '@graphiql/plugin-doc-explorer/style.css';
import '@graphiql/plugin-history/style.css';
import 'graphiql/graphiql.css';
import { createElement, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { GraphiQL } from 'graphiql';
import { explorerFetcher } from './fetcher.js';
import { followTokens } from './theme.js';

// No comment line in it: Monaco's comment colour in GraphiQL's dark theme is below 4.5:1 on our dark panel.
const STARTER = `query Me {
  user {
    id
    email
    name
  }
}
`;

/** The colour scheme, for GraphiQL's own parts (Monaco's theme); its theme picker is hidden (forcedTheme). */
let schemeListener = null;

function Explorer({ fetcher, initialDark }) {
  const [dark, setDark] = useState(initialDark);
  useEffect(() => {
    schemeListener = setDark;
    return () => (schemeListener = null);
  }, []);
  return createElement(GraphiQL, { fetcher, defaultQuery: STARTER, forcedTheme: dark ? 'dark' : 'light', defaultEditorToolsVisibility: true });
}

/** Renders GraphiQL into `host`, sending `authorization` (authorization.js) unless the headers editor sets one. */
export function mountExplorer(host, authorization) {
  const initialDark = followTokens((dark) => schemeListener?.(dark));
  createRoot(host).render(createElement(Explorer, { fetcher: explorerFetcher(authorization), initialDark }));
}

export { chooseAuthorization } from './authorization.js';
