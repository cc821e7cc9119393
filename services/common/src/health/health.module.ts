import { Global, Inject, Module, type OnModuleInit } from '@nestjs/common';
import { getDataSourceToken } from '@nestjs/typeorm';
import { ModuleRef } from '@nestjs/core';
import type { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config/config.js';
import { SERVICE_CONFIG } from '../infra/tokens.js';
import { HealthController } from './health.controller.js';
import { Readiness } from './readiness.js';

@Global()
@Module({ controllers: [HealthController], providers: [Readiness], exports: [Readiness] })
export class HealthModule implements OnModuleInit {
  constructor(
    private readonly readiness: Readiness,
    private readonly moduleRef: ModuleRef,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  onModuleInit(): void {
    const ds = this.moduleRef.get<DataSource>(getDataSourceToken(this.config.service), { strict: false });
    this.readiness.register('database', () => ds.query('SELECT 1'));
  }
}
