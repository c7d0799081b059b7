// GraphiQL's fetcher (@graphiql/toolkit): POST /graphql for queries and mutations, and subscriptions over the
// server's WebSocket on the same path (graphql-ws, `connectionParams: { Authorization }`, docs/graphql.md).
// The headers editor wins; when it sets no Authorization, the page's own credential (authorization.js) goes along.
import { createGraphiQLFetcher } from '@graphiql/toolkit';

/** Whether GraphiQL's headers (from its editor) already carry an Authorization, in any letter case. */
export function hasAuthorization(headers) {
  return Object.keys(headers ?? {}).some((name) => name.toLowerCase() === 'authorization');
}

export function explorerFetcher(authorization, origin = location.origin) {
  const url = new URL('/graphql', origin);
  const subscriptionUrl = url.href.replace(/^http/, 'ws');
  return async (params, options) => {
    const own = hasAuthorization(options?.headers) ? null : await authorization.current();
    const extra = own ? { Authorization: own } : {};
    return createGraphiQLFetcher({
      url: url.href,
      subscriptionUrl,
      headers: extra,
      wsConnectionParams: extra,
      // The server answers plain JSON (no @defer/@stream), so the plain fetcher, not the multipart one.
      enableIncrementalDelivery: false,
    })(params, options);
  };
}
