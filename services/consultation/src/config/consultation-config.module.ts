import { Global, Module, type DynamicModule } from '@nestjs/common';
import { loadConsultationConfig } from './consultation.config.js';

export const CONSULTATION_CONFIG = Symbol('consultation.config');

/** Makes the validated `ConsultationConfig` injectable as `CONSULTATION_CONFIG`. */
@Global()
@Module({})
export class ConsultationConfigModule {
  static forRoot(env: Record<string, string | undefined>): DynamicModule {
    return {
      module: ConsultationConfigModule,
      providers: [{ provide: CONSULTATION_CONFIG, useFactory: () => loadConsultationConfig(env) }],
      exports: [CONSULTATION_CONFIG],
    };
  }
}
