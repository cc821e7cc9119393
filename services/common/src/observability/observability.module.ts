import { Inject, Module, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { WorkerHost } from '@nestjs/bullmq';
import { watchPool, watchQueue, watchWorker, type WatchedPool } from '@agora/observability';
import { Queue, type Telemetry } from 'bullmq';
import { BullMQOtel } from 'bullmq-otel';
import { DataSource } from 'typeorm';
import type { ServiceConfig } from '../config/config.js';
import { SERVICE_CONFIG } from '../infra/tokens.js';

/** A pg pool as TypeORM's Postgres driver holds it (`driver.master`); the embedded stand-in has none. */
function poolOf(dataSource: DataSource): WatchedPool | undefined {
  const master = (dataSource.driver as { master?: Partial<WatchedPool> }).master;
  return master && typeof master.totalCount === 'number' ? (master as WatchedPool) : undefined;
}

/** A DataSource is named after its service's schema. */
function poolName(dataSource: DataSource): string {
  return (dataSource.options as { schema?: string }).schema ?? 'default';
}

/** Whether the host's worker was made (a processor whose queue this process does not run has none). */
function workerOf(host: WorkerHost): boolean {
  try {
    return host.worker !== undefined;
  } catch {
    return false;
  }
}

/**
 * Finds the service's queues, workers and database pools among its providers once the app is up, and reports
 * them in the process' metrics (depth and oldest waiting job of each queue, failed attempts of each worker,
 * connections of each pool) until the app closes. With tracing on, it also gives each queue and worker BullMQ's
 * telemetry (bullmq-otel): a job carries the trace of the request that added it, and its run is a span of that
 * trace. Features declare nothing.
 */
@Module({ imports: [DiscoveryModule] })
export class ObservabilityModule implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly stops: Array<() => void> = [];

  constructor(
    private readonly discovery: DiscoveryService,
    @Inject(SERVICE_CONFIG) private readonly config: ServiceConfig,
  ) {}

  onApplicationBootstrap(): void {
    // BullMQ reads `opts.telemetry` whenever it adds, takes or runs a job.
    const telemetry: Telemetry | undefined = this.config.telemetry?.tracing
      ? new BullMQOtel({ tracerName: 'agora-queues' })
      : undefined;
    for (const { instance } of this.discovery.getProviders()) {
      if (instance instanceof Queue) {
        if (telemetry) instance.opts.telemetry = telemetry;
        this.stops.push(watchQueue(instance));
      } else if (instance instanceof WorkerHost && workerOf(instance)) {
        if (telemetry) instance.worker.opts.telemetry = telemetry;
        watchWorker(instance.worker);
      } else if (instance instanceof DataSource) {
        const pool = poolOf(instance);
        if (pool) this.stops.push(watchPool(this.config.service, poolName(instance), pool));
      }
    }
  }

  onApplicationShutdown(): void {
    for (const stop of this.stops.splice(0)) stop();
  }
}
