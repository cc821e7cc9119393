import { Controller, Get } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RequireRole, ZodQuery, ZodResponse } from '@agora/common';
import { DataRequestsPageAnswer, DataRequestsQuery } from '@agora/contracts/api';
import { DataRequests } from './data-requests.js';

/** The administrators' overview of the requests for one's data (decision 0088): never their content. */
@ApiTags('users')
@Controller('users')
export class DataRequestsController {
  constructor(private readonly requests: DataRequests) {}

  @ApiOperation({
    summary:
      "The requests for one's data (exports and deletions), newest first, paged, of one kind or both (admins): " +
      'dates, state, counts; who asked while the account exists, nothing identifying once it is deleted',
  })
  @RequireRole('admin')
  @Get('data-requests')
  @ZodResponse(DataRequestsPageAnswer)
  list(@ZodQuery(DataRequestsQuery) query: DataRequestsQuery): Promise<DataRequestsPageAnswer> {
    return this.requests.list(query.page, query.kind);
  }
}
