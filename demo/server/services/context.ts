/**
 * What services need of the running server and of the caller, whichever front door calls them
 * (REST today, GraphQL next). The Fastify app and request satisfy these shapes, but no service
 * names Fastify.
 */
import type { Store } from '../store/index.ts';
import type { AppConfig } from '../config.ts';
import type { WorkPool } from '../work/pool.ts';
import type { Converter } from '../convert/converter.ts';
import type { AuthContext } from '../auth/context.ts';
import { unauthenticated } from '../domain/errors.ts';

export interface ServerContext {
  store: Store;
  config: AppConfig;
  work: WorkPool;
  converter: Converter;
  log: { error(details: object, message: string): void };
}

/** Who calls (set by the front door's authentication), and the address and user agent the audit trail records. */
export interface Caller {
  auth: AuthContext | null;
  ip: string;
  headers: Record<string, string | string[] | undefined>;
}

export function authOfCaller(caller: Caller): AuthContext {
  if (!caller.auth) throw unauthenticated('Missing Authorization header: send "Authorization: Bearer <API key>".', 'missing_authorization');
  return caller.auth;
}
