import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Injectable,
  Param,
  Post,
  type PipeTransform,
} from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, CurrentUser, LoggedIn, Public, ZodBody, ZodResponse } from '@agora/common';
import type { Identity, SessionUser } from '@agora/contracts';
import { ReactBody, SocialAnswer, UnreactBody } from '@agora/contracts/api';
import { FormBody } from '../http/form.js';
import { TokenPipe } from '../http/params.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { SocialService } from './social.service.js';

/** `@Param('scope', ScopePipe)`: 404 `SOCIAL.UNKNOWN_SCOPE` unless the scope exists (checked before the body). */
@Injectable()
class ScopePipe implements PipeTransform<string, string> {
  constructor(private readonly social: SocialService) {}

  transform(scope: string): string {
    this.social.assertScope(scope);
    return scope;
  }
}

/**
 * Likes and dislikes (docs/decisions/0012-profile-threads-social.md). Anyone reads the counts; logged-in users
 * react, except the item's owner. Scopes: `library` (media library items), `choice` (answers of the questionnaire).
 */
@ApiTags('social')
@Controller('social')
export class SocialController {
  constructor(private readonly social: SocialService) {}

  @Public()
  @Get(':scope/:token')
  @ApiOperation({ summary: "Likes, dislikes, the caller's reaction and whether the caller owns the item" })
  @ZodResponse(SocialAnswer)
  state(
    @Param('scope', ScopePipe) scope: string,
    @Param('token', TokenPipe) token: string,
    @CurrentIdentity() identity: Identity,
  ): Promise<SocialAnswer> {
    return this.social.state(scope, token, identity.user);
  }

  @LoggedIn()
  @Post('scope/:scope')
  @HttpCode(200)
  @FormBody()
  @ApiOperation({ summary: 'React to an item: {token, reaction: like|dislike}' })
  @ZodResponse(SocialAnswer)
  react(
    @Param('scope', ScopePipe) scope: string,
    @ZodBody(ReactBody, FIELD_REFUSAL) body: ReactBody,
    @CurrentUser() user: SessionUser,
  ): Promise<SocialAnswer> {
    return this.social.react(scope, body.token, body.reaction, user);
  }

  // Declared before `:scope/:token`, which would otherwise take `scope/<scope>` for a token.
  @LoggedIn()
  @Delete('scope/:scope')
  @FormBody()
  @ApiOperation({ summary: 'Remove your reaction: {token}' })
  @ZodResponse(SocialAnswer)
  unreactByBody(
    @Param('scope', ScopePipe) scope: string,
    @ZodBody(UnreactBody, FIELD_REFUSAL) body: UnreactBody,
    @CurrentUser() user: SessionUser,
  ): Promise<SocialAnswer> {
    return this.social.unreact(scope, body.token, user);
  }

  @LoggedIn()
  @Delete(':scope/:token')
  @ApiOperation({ summary: 'Remove your reaction' })
  @ZodResponse(SocialAnswer)
  unreact(
    @Param('scope', ScopePipe) scope: string,
    @Param('token', TokenPipe) token: string,
    @CurrentUser() user: SessionUser,
  ): Promise<SocialAnswer> {
    return this.social.unreact(scope, token, user);
  }
}
