import { Global, Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity.js';
import { ExternalIdentity } from './external-identity.entity.js';
import { InvitationTickets } from './invitation-acceptance.js';
import { OAUTH_CONFIG, type OAuthConfig } from './oauth.config.js';
import { OAuthController } from './oauth.controller.js';
import { OAuthRequest } from './oauth-request.entity.js';
import { OAuthProviders, OAuthService } from './oauth.service.js';

/** External login (OpenID Connect, Google, Facebook). Global so that settings can inject `OAuthProviders`. */
@Global()
@Module({})
export class OAuthModule {
  static forRoot(config: OAuthConfig): DynamicModule {
    return {
      module: OAuthModule,
      imports: [TypeOrmModule.forFeature([OAuthRequest, ExternalIdentity, User], 'accounts')],
      controllers: [OAuthController],
      providers: [
        { provide: OAUTH_CONFIG, useValue: config },
        OAuthService,
        OAuthProviders,
        InvitationTickets,
      ],
      exports: [OAuthProviders],
    };
  }
}

/** Entities and migrations of the external login, for the accounts storage lists. */
export { ExternalIdentity, OAuthRequest };
export { CreateExternalLogin1795305246000 } from '../migrations/1795305246000-CreateExternalLogin.js';
export { loadOAuthConfig } from './oauth.config.js';
export { OAuthProviders } from './oauth.service.js';
