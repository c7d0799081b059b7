/**
 * Bearer-token verifiers tried, in order, for values that are not API keys (component
 * tokens). Each returns a ComponentTokenAuth for its own tokens, undefined for others.
 * Add yours to this list.
 */
import type { TokenVerifier } from './context.ts';
import { componentTokenVerifier } from './component-tokens.ts';

export const builtInVerifiers: TokenVerifier[] = [componentTokenVerifier];
