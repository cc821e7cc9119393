import { Controller, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { Internal, ZodResponse } from '@agora/common';
import { LibraryOwnerAnswer } from '@agora/contracts/api';
import { assertUuid } from '../uploads/rules.js';
import { LibraryService } from './library.service.js';

/**
 * Routes for the other services, never routed by the gateway (`/internal/…`): the consultation service asks who
 * owns a library item before a user reacts to it (owners cannot react to their own items).
 */
@ApiTags('internal')
@Controller()
export class LibraryInternalController {
  constructor(private readonly library: LibraryService) {}

  @Internal('GET /internal/library/uuid/{uuid}/owner')
  @ZodResponse(LibraryOwnerAnswer)
  @ApiOperation({
    summary: "{owner}: the uploader's uuid or null; 404 for an unknown item (system calls only)",
  })
  async owner(@Param('uuid') uuid: string): Promise<LibraryOwnerAnswer> {
    const item = await this.library.one(assertUuid(uuid), null);
    return { owner: item.owner ?? null };
  }
}
