import { Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, LoggedIn, RequireRole, ZodBody, ZodResponse } from '@agora/common';
import type { SessionUser, ThreadScope } from '@agora/contracts';
import {
  ForumPostAnswer,
  ForumTopicAnswer,
  NewThreadBody,
  ThreadLinkAnswer,
  ThreadReplyBody,
} from '@agora/contracts/api';
import { FormBody } from '../http/form.js';
import { TokenPipe } from '../http/params.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { parseThreadId, ThreadScopePipe } from './thread.input.js';
import { ThreadService } from './thread.service.js';

/**
 * Discussion threads (docs/decisions/0012-profile-threads-social.md): admins open a thread on a project, topic,
 * attribute or variable; staff and the participants enrolled in the thread's category read threads and reply
 * (others: 403 `CONSULTATION.NOT_ENROLLED`).
 */
@ApiTags('thread')
@Controller()
export class ThreadController {
  constructor(private readonly threads: ThreadService) {}

  @RequireRole('admin')
  @Post(':scope/createThread/:token')
  @HttpCode(200)
  @FormBody()
  @ApiOperation({
    summary: 'Open the thread of a project, node, attribute or variable: {title (≥ 15), raw (≥ 20)}',
  })
  @ZodResponse(ThreadLinkAnswer)
  create(
    @Param('scope', ThreadScopePipe) scope: ThreadScope,
    @Param('token', TokenPipe) token: string,
    @ZodBody(NewThreadBody, FIELD_REFUSAL) body: NewThreadBody,
    @CurrentUser() user: SessionUser,
  ): Promise<ThreadLinkAnswer> {
    return this.threads.create(scope, token, { title: body.title, raw: body.raw }, user);
  }

  @LoggedIn()
  @Get('forumPosts/topicID/:id')
  @ApiOperation({
    summary: 'A thread and its posts, oldest first (content is plain text)',
    description: "Staff and the participants of the thread's category; others 403 CONSULTATION.NOT_ENROLLED.",
  })
  @ZodResponse(ForumTopicAnswer)
  topic(@Param('id') id: string, @CurrentUser() user: SessionUser): Promise<ForumTopicAnswer> {
    return this.threads.topic(parseThreadId(id), user);
  }

  @LoggedIn()
  @Post('forumPosts/topicID/:id')
  @HttpCode(200)
  @FormBody()
  @ApiOperation({
    summary: 'Reply to a thread: {raw (≥ 20)}',
    description: "Staff and the participants of the thread's category; others 403 CONSULTATION.NOT_ENROLLED.",
  })
  @ZodResponse(ForumPostAnswer)
  reply(
    @Param('id') id: string,
    @ZodBody(ThreadReplyBody, FIELD_REFUSAL) body: ThreadReplyBody,
    @CurrentUser() user: SessionUser,
  ): Promise<ForumPostAnswer> {
    return this.threads.reply(parseThreadId(id), body.raw, user);
  }
}
