import { Module, RequestMethod, type MiddlewareConsumer, type NestModule } from '@nestjs/common';
import type { NextFunction, Request, Response } from 'express';
import { FileBrowserController } from './file-browser.controller.js';
import { FileBrowserService } from './file-browser.service.js';

/**
 * `/?action=fileBrowser…` → `/fileBrowser?action=fileBrowser…`, before routing: the other `?action=` pages of
 * `/` (documentation, library views) are public, the file browser is admin-only, so it gets its own route.
 */
export function fileBrowserRewrite(req: Request, _res: Response, next: NextFunction): void {
  const url = req.url;
  const q = url.indexOf('?');
  const pathname = q < 0 ? url : url.slice(0, q);
  if (pathname === '/' || pathname === '') {
    const params = new URLSearchParams(q < 0 ? '' : url.slice(q + 1));
    if (params.get('action') === 'fileBrowser') req.url = `/fileBrowser${url.slice(pathname.length)}`;
  }
  next();
}

@Module({ controllers: [FileBrowserController], providers: [FileBrowserService] })
export class FileBrowserModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(fileBrowserRewrite).forRoutes({ path: '/', method: RequestMethod.ALL });
  }
}
