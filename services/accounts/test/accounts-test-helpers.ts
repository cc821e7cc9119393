// Helpers of the accounts service's integration tests.
import { bootTestService, type TestService } from '@agora/common/testing';
import { accountsService } from '../src/index.js';

/** The first admin's password in the tests. */
export const ADMIN_PASSWORD = 'first-admin-password';

export type TestServer = ReturnType<TestService['app']['getHttpServer']>;

/** The accounts service on a fresh test database, with its first admin, and its HTTP server. */
export async function bootAccounts(
  options?: Parameters<typeof bootTestService>[1],
): Promise<{ svc: TestService; server: TestServer }> {
  const svc = await bootTestService(accountsService({ AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD }), options);
  return { svc, server: svc.app.getHttpServer() };
}
