import { Controller, Get, Param, Post, Res, StreamableFile } from '@nestjs/common';
import { ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentUser, LoggedIn, ZodResponse } from '@agora/common';
import type { SessionUser } from '@agora/contracts';
import { MyDataAnswer, MyDataLatestAnswer } from '@agora/contracts/api';
import type { Response } from 'express';
import { MyDataArchives } from './my-data-archives.js';

/** A citizen's archive of their own data (decision 0086): asked for, followed and downloaded by its owner only. */
@ApiTags('session')
@Controller('profile/data')
export class MyDataController {
  constructor(private readonly archives: MyDataArchives) {}

  @ApiOperation({
    summary:
      'Ask for an archive of everything the platform holds about you (202); while one is queued or being ' +
      'built, that one is answered (200)',
  })
  @LoggedIn()
  @Post()
  @ZodResponse(MyDataAnswer)
  @ZodResponse(MyDataAnswer, 202, 'Accepted')
  async request(
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) res: Response,
  ): Promise<MyDataAnswer> {
    const { created, answer } = await this.archives.request(user);
    res.status(created ? 202 : 200);
    return answer;
  }

  @ApiOperation({ summary: 'Your latest request of the last day (null when there is none)' })
  @LoggedIn()
  @Get()
  @ZodResponse(MyDataLatestAnswer)
  async latest(@CurrentUser() user: SessionUser): Promise<MyDataLatestAnswer> {
    return { latest: await this.archives.latest(user) };
  }

  @ApiOperation({ summary: "Where a request is: its progress, then the archive's name (403 to anyone else)" })
  @LoggedIn()
  @Get(':job')
  @ZodResponse(MyDataAnswer)
  state(@Param('job') job: string, @CurrentUser() user: SessionUser): Promise<MyDataAnswer> {
    return this.archives.state(job, user);
  }

  @ApiOperation({
    summary: 'The finished archive (.tar.gz), to its owner only (403 to anyone else, 409 while being built)',
  })
  @ApiProduces('application/gzip')
  @LoggedIn()
  @Get(':job/file')
  async file(@Param('job') job: string, @CurrentUser() user: SessionUser): Promise<StreamableFile> {
    const { name, stream, size } = await this.archives.file(job, user);
    return new StreamableFile(stream, {
      type: 'application/gzip',
      length: size,
      disposition: `attachment; filename="${name}"`,
    });
  }
}
