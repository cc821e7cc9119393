import { Controller, Delete, Get, Header, StreamableFile } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { openApiSchemaOf, RequireRole, ZodBody, ZodQuery, ZodResponse } from '@agora/common';
import {
  DeletedAnswer,
  DeleteFileBody,
  FileBrowserListingAnswer,
  FileBrowserQuery,
} from '@agora/contracts/api';
import { FileBrowserService } from './file-browser.service.js';

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
  // a listing or a file on one route: the listing's schema documents it, the answer check would refuse the file
  @ApiOkResponse({
    description: 'the listing (dir)',
    schema: openApiSchemaOf(FileBrowserListingAnswer, 'output'),
  })
  @Header('X-Content-Type-Options', 'nosniff')
  async get(
    @ZodQuery(FileBrowserQuery, { code: 'FILE_BROWSER.INVALID_PATH' }) { dir, download }: FileBrowserQuery,
  ): Promise<FileBrowserListingAnswer | StreamableFile> {
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
  @ZodResponse(DeletedAnswer)
  @ApiOperation({ summary: 'Deletes one file: body {path}' })
  async remove(@ZodBody(DeleteFileBody) body: DeleteFileBody): Promise<DeletedAnswer> {
    await this.browser.remove(body.path);
    return { message: 'data deleted' };
  }
}
