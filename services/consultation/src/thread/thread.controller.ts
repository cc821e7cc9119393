import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentUser, LoggedIn, RequireRole } from '@agora/common';
import type { ForumPost, ForumTopic, SessionUser } from '@agora/contracts';
import { FormBody } from '../http/form.js';
import { TokenPipe } from '../http/params.js';
import { NewThreadForm, ReplyForm } from './dto/thread.form.js';
import { ForumPostResponse, ForumTopicResponse, ThreadLinkResponse } from './dto/thread.response.js';
import { parseNewThread, parseReply, parseThreadId, parseThreadScope } from './thread.input.js';
import { ThreadService, type ThreadLink } from './thread.service.js';

/**
 * Discussion threads (docs/decisions/0012-profile-threads-social.md): admins open a thread on a project, topic,
 * attribute or variable; logged-in users read threads and reply.
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
  @ApiBody({ type: NewThreadForm })
  @ApiOkResponse({ type: ThreadLinkResponse })
  create(
    @Param('scope') scope: string,
    @Param('token', TokenPipe) token: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<ThreadLink> {
    return this.threads.create(parseThreadScope(scope), token, parseNewThread(body), user);
  }

  @LoggedIn()
  @Get('forumPosts/topicID/:id')
  @ApiOperation({ summary: 'A thread and its posts, oldest first (content is plain text)' })
  @ApiOkResponse({ type: ForumTopicResponse })
  topic(@Param('id') id: string): Promise<ForumTopic> {
    return this.threads.topic(parseThreadId(id));
  }

  @LoggedIn()
  @Post('forumPosts/topicID/:id')
  @HttpCode(200)
  @FormBody()
  @ApiOperation({ summary: 'Reply to a thread: {raw (≥ 20)}' })
  @ApiBody({ type: ReplyForm })
  @ApiOkResponse({ type: ForumPostResponse })
  reply(
    @Param('id') id: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<ForumPost> {
    const thread = parseThreadId(id);
    return this.threads.reply(thread, parseReply(body), user);
  }
}
