import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';
import { findFreePort } from './free-port.ts';

export interface FakeOidcProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

/**
 * A real, certified OpenID Connect provider (`oidc-provider`) on 127.0.0.1 standing in for
 * Google. Its development login screen accepts any login; the login typed becomes the
 * account's subject and e-mail.
 */
export async function startFakeOidcProvider(redirectUri: string): Promise<FakeOidcProvider> {
  const port = await findFreePort();
  const issuer = `http://127.0.0.1:${port}`;
  const clientId = 'facelift-test-client';
  const clientSecret = 'facelift-test-secret-that-is-long-enough';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    async findAccount(_context, id) {
      return {
        accountId: id,
        async claims() {
          return {
            sub: id,
            email: id,
            email_verified: true,
            given_name: 'Grace',
            family_name: 'Hopper',
            name: 'Grace Hopper',
          };
        },
      };
    },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'given_name', 'family_name'],
    },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['facelift-oidc-test-cookie-key'] },
  });
  // Keep the test output clean: the dev interactions warn on every start.
  provider.on('server_error', (_context, error) => console.error('[fake oidc]', error));
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    issuer,
    clientId,
    clientSecret,
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
