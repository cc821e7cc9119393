import { Global, Module, type DynamicModule } from '@nestjs/common';
import { SERVICE_CONFIG, type ServiceConfig } from '@agora/common';
import { loadLibraryConfig } from './library.config.js';

export const LIBRARY_CONFIG = Symbol('library.config');

/** Makes the validated `LibraryConfig` injectable as `LIBRARY_CONFIG`. */
@Global()
@Module({})
export class LibraryConfigModule {
  static forRoot(env: Record<string, string | undefined>): DynamicModule {
    return {
      module: LibraryConfigModule,
      providers: [
        {
          provide: LIBRARY_CONFIG,
          inject: [SERVICE_CONFIG],
          useFactory: (service: ServiceConfig) => loadLibraryConfig(env, service.dataDir),
        },
      ],
      exports: [LIBRARY_CONFIG],
    };
  }
}
