import { Module, type DynamicModule } from '@nestjs/common';
import { ChoiceItemOwners, LibraryItemOwners, type ItemOwners } from './item-owners.js';
import { loadSocialConfig } from './social.config.js';
import { SocialController } from './social.controller.js';
import { SocialService } from './social.service.js';
import { ITEM_OWNERS, SOCIAL_CONFIG } from './social.tokens.js';

/** Social reactions. `env` gives the URLs of the services that own reacted-to items (validated at start). */
@Module({})
export class SocialModule {
  static forRoot(env: Record<string, string | undefined>): DynamicModule {
    return {
      module: SocialModule,
      controllers: [SocialController],
      providers: [
        { provide: SOCIAL_CONFIG, useFactory: () => loadSocialConfig(env) },
        LibraryItemOwners,
        ChoiceItemOwners,
        {
          provide: ITEM_OWNERS,
          inject: [LibraryItemOwners, ChoiceItemOwners],
          useFactory: (...owners: ItemOwners[]) => owners,
        },
        SocialService,
      ],
      exports: [SocialService],
    };
  }
}
