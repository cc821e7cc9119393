import { Controller, Get, Next, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { Public, ZodResponse } from '@agora/common';
import { PublicPageAnswer } from '@agora/contracts/api';
import type { NextFunction, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import { LibraryViewService } from '../library-view/library-view.service.js';
import { DocumentationErrors, DocumentationService } from './documentation.service.js';

function contentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

/**
 * The public pages of the spec addressed by query (`GET /?action=documentation&uri=…`,
 * `GET /?action=libraryView&uri=…`). Any other action is passed on to the next handler of `GET /`
 * (the file browser's).
 */
@ApiTags('public pages')
@Controller()
export class PublicPagesController {
  constructor(
    private readonly docs: DocumentationService,
    private readonly views: LibraryViewService,
  ) {}

  @Public()
  @Get()
  @ApiOperation({
    summary:
      'action=documentation: an html page as JSON {type,title,html} or the file as a download; action=libraryView: {title, description, items}',
  })
  // documents the JSON answers; written to `res` directly, so the answer check does not see them
  @ZodResponse(PublicPageAnswer)
  @ApiQuery({ name: 'action', enum: ['documentation', 'libraryView'] })
  @ApiQuery({ name: 'uri', type: String })
  async page(
    @Query('action') action: unknown,
    @Query('uri') uri: unknown,
    @Res() res: Response,
    @Next() next: NextFunction,
  ): Promise<void> {
    if (action !== 'documentation' && action !== 'libraryView') return next();
    if (typeof uri !== 'string' || uri === '' || uri.length > 200) throw DocumentationErrors.notFound();
    if (action === 'libraryView') {
      res.json(await this.views.publicPage(uri));
      return;
    }
    const page = await this.docs.byUri(uri);
    if (page.type === 'html') {
      res.json({ type: 'html', title: page.title, html: page.html });
      return;
    }
    res.status(200);
    res.setHeader('Content-Type', page.mime);
    res.setHeader('Content-Length', String(page.size));
    res.setHeader('Content-Disposition', contentDisposition(page.filename));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    await pipeline(page.stream, res);
  }
}
