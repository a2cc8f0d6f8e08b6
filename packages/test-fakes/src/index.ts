/**
 * Fakes of the outside services Facelift talks to: real HTTP servers on 127.0.0.1 speaking each
 * provider's wire format, so the official SDKs are exercised end to end in tests only
 * (docs/architecture.md, Test fakes). Import one fake by its subpath to load only what it needs.
 */
export { findFreePort } from './free-port.ts';
export * from './oidc-provider-server.ts';
export * from './openai-fake-server.ts';
export * from './stripe-fake-server.ts';
