/**
 * Sign-in for people (the developer portal and any Cognito client): the Cognito-compatible endpoint
 * (`POST /api/v1/auth/cognito/`, one route keyed on `X-Amz-Target`, body `application/x-amz-json-1.1`),
 * the pool configuration clients read (`GET /api/v1/auth/config/`) and the token keys
 * (`GET /.well-known/jwks.json`).
 */
import type { App } from '../http/typed-app.ts';
import { SingleUse } from '../auth/challenge-block.ts';
import { jwks } from '../auth/sign-in-tokens.ts';
import { RateLimiter, windowsOf } from '../auth/rate-limit.ts';
import { CognitoError, cognitoOperation, type SignInContext } from '../services/sign-in/cognito.ts';
import { tokenIssuer, userPool } from '../services/sign-in/pool.ts';

const TARGET = /^AWSCognitoIdentityProviderService\.(\w{1,64})$/;

export default async function signInRoutes(app: App): Promise<void> {
  const pool = userPool();
  const used = new SingleUse(app.store.sharedState);
  // Sign-in attempts per address and minute (the per-account lockout is in the service).
  const perAddress = new RateLimiter(windowsOf(app.store), 60_000, 'sign-in');
  const addressLimit = Number(process.env.ESIGN_SIGN_IN_PER_MINUTE) || 30;
  const context = (client: SignInContext['client']): SignInContext => ({
    store: app.store,
    dataDir: app.config.dataDir,
    pool,
    issuer: tokenIssuer(app.config.baseUrl, pool),
    used,
    client,
  });
  const endpoint = () => `${app.config.baseUrl.replace(/\/+$/, '')}/api/v1/auth/cognito/`;

  // The client sends JSON under Amazon's media type; a body that is not JSON is the client's error.
  app.addContentTypeParser('application/x-amz-json-1.1', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
    try {
      done(null, JSON.parse(String(body)));
    } catch {
      done(new CognitoError('InvalidParameterException', 'The request body is not JSON.'), undefined);
    }
  });

  app.post(
    '/api/v1/auth/cognito/',
    {
      config: { auth: 'public', cors: 'own-origin' },
      bodyLimit: 64 * 1024,
      schema: { hide: true },
      errorHandler: (error, _request, reply) => {
        const type = error instanceof CognitoError ? error.type : 'InvalidParameterException';
        const message = error instanceof CognitoError ? error.message : 'The request could not be read.';
        void reply.code(400).header('x-amzn-errortype', type).type('application/x-amz-json-1.1').send({ __type: type, message });
      },
    },
    async (request, reply) => {
      const target = TARGET.exec(String(request.headers['x-amz-target'] ?? ''));
      if (!target) throw new CognitoError('InvalidParameterException', 'X-Amz-Target must name an operation: AWSCognitoIdentityProviderService.<Operation>.');
      if (!(await perAddress.hit(request.ip, addressLimit)).allowed)
        throw new CognitoError('TooManyRequestsException', 'Too many sign-in requests from this address: wait a minute.');
      const answer = await cognitoOperation(context({ ip: request.ip, userAgent: String(request.headers['user-agent'] ?? '') }), target[1], request.body);
      return reply.header('Cache-Control', 'no-store').type('application/x-amz-json-1.1').send(answer);
    },
  );

  app.get('/api/v1/auth/config/', { config: { auth: 'public' }, schema: { hide: true } }, async () => ({
    endpoint: endpoint(),
    userPoolId: pool.userPoolId,
    clientId: pool.clientId,
    issuer: tokenIssuer(app.config.baseUrl, pool),
    jwks: `${app.config.baseUrl.replace(/\/+$/, '')}/.well-known/jwks.json`,
  }));

  app.get('/.well-known/jwks.json', { config: { auth: 'public' }, schema: { hide: true } }, async () => jwks(app.config.dataDir));
}
