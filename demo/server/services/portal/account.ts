/**
 * The developer portal's account (docs/portal.md), reached only with an SRP access token through the
 * full GraphQL schema. Which fields need a confirmed second factor is one list: graphql/second-factor-gate.ts.
 */
import type { Store } from '../../store/index.ts';

export async function hasSecondFactor(store: Store, userId: string): Promise<boolean> {
  return Boolean((await store.credentials.get(userId))?.totpSecret);
}
