import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { Logger } from 'pino';
import type { ServiceConfig } from '../config/config.js';
import type { Infra } from './infra.js';
import { INFRA, LOGGER, SERVICE_CONFIG } from './tokens.js';

/** Makes the process-wide infrastructure, the service's config and logger injectable in one Nest app. */
@Global()
@Module({})
export class InfraModule {
  static forRoot(infra: Infra, config: ServiceConfig, logger: Logger): DynamicModule {
    return {
      module: InfraModule,
      providers: [
        { provide: INFRA, useValue: infra },
        { provide: SERVICE_CONFIG, useValue: config },
        { provide: LOGGER, useValue: logger },
      ],
      exports: [INFRA, SERVICE_CONFIG, LOGGER],
    };
  }
}
