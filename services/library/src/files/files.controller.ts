import { Controller, Get, Header, Param, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '@agora/common';
import type { Response } from 'express';
import { FilesService } from './files.service.js';

@ApiTags('library files')
@Controller('library/files')
export class FilesController {
  constructor(private readonly files: FilesService) {}

  @Public()
  @Get('*key')
  @ApiOperation({ summary: 'A stored library file (images, documents), by its storage key' })
  @ApiProduces('image/*', 'application/pdf', 'application/octet-stream')
  @Header('X-Content-Type-Options', 'nosniff')
  @Header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
  async file(
    @Param('key') key: string[],
    @Res({ passthrough: true }) res: Response,
  ): Promise<StreamableFile> {
    const file = await this.files.open(key);
    // Only a file served is cached, publicly: never an error (a refused key, a file uploaded later).
    res.setHeader('Cache-Control', 'public, max-age=3600');
    return new StreamableFile(file.stream, {
      type: file.mime,
      length: file.size,
      disposition: file.disposition,
    });
  }
}
