/** What every resolver gets: mercurius's context (with `app`) plus the caller, as services expect it. */
import type { MercuriusContext } from 'mercurius';
import type { Caller } from '../services/context.ts';
import type { ApiKeyAuth } from '../auth/context.ts';

export interface GraphqlCaller extends Caller {
  /** An API key, or a person signed in with SRP acting as their user. */
  auth: ApiKeyAuth;
  /** true for an SRP access token (the full schema); false for an API key (the allow-listed fields). */
  fullSchema: boolean;
}

declare module 'mercurius' {
  interface MercuriusContext {
    caller: GraphqlCaller;
  }
}

export type GraphqlContext = MercuriusContext;
