import { SERVICE_CONFIG, type ServiceConfig, type ServiceDefinition } from '@agora/common';
import { loadStorageConfig, StorageModule } from '@agora/common/storage';
import { AccountsModule, ACCOUNTS_ENTITIES } from './accounts.module.js';
import { AuditInternalModule } from './audit/audit-internal.controller.js';
import { loadAccountsConfig } from './config/accounts.config.js';
import { CreateAccounts1763769600000 } from './migrations/1763769600000-CreateAccounts.js';
import {
  CreateExternalLogin1795305246000,
  ExternalIdentity,
  loadOAuthConfig,
  OAuthModule,
  OAuthRequest,
} from './oauth/oauth.module.js';
import { AccountsSettingsRecoveryLimits1796000000000 } from './migrations/1796000000000-AccountsSettingsRecoveryLimits.js';
import { UserLocale1797000000000 } from './migrations/1797000000000-UserLocale.js';
import { RateLimiter1798000000000 } from './migrations/1798000000000-RateLimiter.js';
import { Enrolment1799000000000 } from './migrations/1799000000000-Enrolment.js';
import { OAuthRequestInvitation1800300000000 } from './migrations/1800300000000-OAuthRequestInvitation.js';
import { AuditLog1801100000000 } from './migrations/1801100000000-AuditLog.js';
import { MyDataArchives1801300000000 } from './migrations/1801300000000-MyDataArchives.js';
import { DataRequests1801500000000 } from './migrations/1801500000000-DataRequests.js';
import { ResultsMail1801700000000 } from './migrations/1801700000000-ResultsMail.js';
import { DemoParticipants } from './enrolments/demo-participants.js';
import { UsersService } from './users/users.service.js';

export const accountsStorage = {
  schema: 'accounts',
  entities: [...ACCOUNTS_ENTITIES, OAuthRequest, ExternalIdentity],
  migrations: [
    CreateAccounts1763769600000,
    CreateExternalLogin1795305246000,
    AccountsSettingsRecoveryLimits1796000000000,
    UserLocale1797000000000,
    RateLimiter1798000000000,
    Enrolment1799000000000,
    OAuthRequestInvitation1800300000000,
    AuditLog1801100000000,
    MyDataArchives1801300000000,
    DataRequests1801500000000,
    ResultsMail1801700000000,
  ],
};

/** The accounts service: users, sessions, roles, registration, recovery, settings, validation rules. */
export function accountsService(env: Record<string, string | undefined>): ServiceDefinition {
  const config = loadAccountsConfig(env);
  return {
    name: 'accounts',
    title: 'Agora accounts',
    description: 'Users, sessions, roles, settings',
    storage: accountsStorage,
    modules: [
      AccountsModule.forRoot(config),
      OAuthModule.forRoot(loadOAuthConfig(env)),
      // the archives of one's own data in the private area of the file store
      StorageModule.forRoot(SERVICE_CONFIG, (service: ServiceConfig) =>
        loadStorageConfig('accounts', env, service.dataDir),
      ),
      AuditInternalModule,
    ],
    // the gateway asks who is calling before every request it forwards (the session id in the body)
    readPaths: ['/internal/sessions/resolve'],
    onReady: async (app) => {
      await app.get(UsersService).ensureFirstAdmin();
      await app.get(DemoParticipants).seed();
    },
  };
}

export { hashPassword, UsersService } from './users/users.service.js';
export { DEMO_PARTICIPANT_PASSWORD, DEV_ADMIN_PASSWORD } from './config/accounts.config.js';
export {
  ACCOUNTS_MAINTENANCE_QUEUE,
  PURGE_EVERY_MS,
  SESSION_PURGE_SCHEDULER,
  SessionPurge,
  type PurgeResult,
} from './sessions/session-purge.js';
export {
  ANNOUNCE_EVERY_MS,
  RESULTS_ANNOUNCEMENT_SCHEDULER,
  RESULTS_MAIL_QUEUE,
  ResultsAnnouncer,
  type AnnounceResult,
} from './results-mail/results-announcer.js';
export { SettingsService } from './settings/settings.service.js';
export { DEFAULT_SETTINGS, type SiteSettings } from './settings/settings.schema.js';
export { USER_RULES } from './validation/user-rules.js';
