import { Controller, Get, Header, Param, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { Public } from '@agora/common';
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
  @Header('Cache-Control', 'public, max-age=3600')
  async file(@Param('key') key: string[]): Promise<StreamableFile> {
    const file = await this.files.open(key);
    return new StreamableFile(file.stream, {
      type: file.mime,
      length: file.size,
      disposition: file.disposition,
    });
  }
}
