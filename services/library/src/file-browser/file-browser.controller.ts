import { Body, Controller, Delete, Get, Header, Query, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiQuery, ApiTags } from '@nestjs/swagger';
import { RequireRole } from '@agora/common';
import { IsString } from 'class-validator';
import { FileBrowserService, type DirectoryListing } from './file-browser.service.js';

export class DeleteFileDto {
  @IsString()
  path: string;
}

/**
 * The file browser of the storage root (admin only). The spec addresses it as `?action=fileBrowser` on `/`;
 * `FileBrowserModule` routes those requests here before any other handler of `/` sees them.
 */
@ApiTags('file browser')
@Controller('fileBrowser')
export class FileBrowserController {
  constructor(private readonly browser: FileBrowserService) {}

  @RequireRole('admin')
  @Get()
  @ApiOperation({
    summary: '?action=fileBrowser&dir=… lists a folder; ?action=fileBrowser&download=… sends a file',
  })
  @ApiQuery({ name: 'dir', required: false })
  @ApiQuery({ name: 'download', required: false })
  @Header('X-Content-Type-Options', 'nosniff')
  async get(
    @Query('dir') dir: unknown,
    @Query('download') download: unknown,
  ): Promise<DirectoryListing | StreamableFile> {
    if (download !== undefined) {
      const file = await this.browser.open(download);
      return new StreamableFile(file.stream, {
        type: file.mime,
        length: file.size,
        disposition: file.disposition,
      });
    }
    return this.browser.list(dir);
  }

  @RequireRole('admin')
  @Delete()
  @ApiOperation({ summary: 'Deletes one file: body {path}' })
  async remove(@Body() body: DeleteFileDto): Promise<{ message: string }> {
    await this.browser.remove(body.path);
    return { message: 'data deleted' };
  }
}
