import type { Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { ExpressAdapter, type NestExpressApplication } from '@nestjs/platform-express';
import type { AddressInfo } from 'node:net';

/** A Nest app of `module` with no body parser of its own, set up by `setup`, listening on a loopback port. */
export interface ListeningTestApp {
  app: NestExpressApplication;
  /** `http://127.0.0.1:<port>` */
  base: string;
}

/** Starts a small app for the unit tests of the HTTP layer (parsers, pipes, filters). */
export async function listenTestApp(
  module: Type<unknown>,
  setup: (app: NestExpressApplication) => void,
): Promise<ListeningTestApp> {
  const app = await NestFactory.create<NestExpressApplication>(module, new ExpressAdapter(), {
    logger: false,
    bodyParser: false,
  });
  setup(app);
  await app.listen(0, '127.0.0.1');
  return { app, base: `http://127.0.0.1:${(app.getHttpServer().address() as AddressInfo).port}` };
}
