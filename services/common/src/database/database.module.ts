import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import type { Infra } from '../infra/infra.js';
import { INFRA } from '../infra/tokens.js';
import { dataSourceOptions, type ServiceStorage } from './database.js';

/** The service's named DataSource (name = schema). Migrations are run before boot, never here. */
@Module({})
export class DatabaseModule {
  static forService(storage: ServiceStorage): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          name: storage.schema,
          inject: [INFRA],
          useFactory: (infra: Infra) => dataSourceOptions(infra, storage),
          dataSourceFactory: async (options) => new DataSource(options!).initialize(),
        }),
      ],
      exports: [TypeOrmModule],
    };
  }
}
