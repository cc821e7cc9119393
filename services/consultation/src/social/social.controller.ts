import { Body, Controller, Delete, Get, HttpCode, Param, Post } from '@nestjs/common';
import { ApiBody, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentIdentity, CurrentUser, LoggedIn, Public } from '@agora/common';
import type { Identity, Reaction, SessionUser, SocialWire } from '@agora/contracts';
import { FormBody, readForm, token, type FieldReader } from '../http/form.js';
import { parseToken } from '../http/params.js';
import { ReactForm, UnreactForm } from './dto/social.form.js';
import { SocialResponse } from './dto/social.response.js';
import { SocialErrors } from './social.errors.js';
import { SocialService } from './social.service.js';

const reaction: FieldReader<Reaction> = (raw) => {
  if (raw !== 'like' && raw !== 'dislike') throw SocialErrors.badReaction();
  return raw;
};

/** `{token}` of a body; 400 when it is missing or not a token. */
function bodyToken(body: unknown): string {
  const { token: t } = readForm<{ token: string }>(body, { token });
  if (t === undefined) throw SocialErrors.missing('token');
  return t;
}

/**
 * Likes and dislikes (docs/decisions/0012-profile-threads-social.md). Anyone reads the counts; logged-in users
 * react, except the item's owner. Scopes: `library` (media library items).
 */
@ApiTags('social')
@Controller('social')
export class SocialController {
  constructor(private readonly social: SocialService) {}

  @Public()
  @Get(':scope/:token')
  @ApiOperation({ summary: "Likes, dislikes, the caller's reaction and whether the caller owns the item" })
  @ApiOkResponse({ type: SocialResponse })
  state(
    @Param('scope') scope: string,
    @Param('token') raw: string,
    @CurrentIdentity() identity: Identity,
  ): Promise<SocialWire> {
    this.social.assertScope(scope);
    return this.social.state(scope, parseToken(raw), identity.user);
  }

  @LoggedIn()
  @Post('scope/:scope')
  @HttpCode(200)
  @FormBody()
  @ApiOperation({ summary: 'React to an item: {token, reaction: like|dislike}' })
  @ApiBody({ type: ReactForm })
  @ApiOkResponse({ type: SocialResponse })
  react(
    @Param('scope') scope: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<SocialWire> {
    this.social.assertScope(scope);
    const { token: t, reaction: r } = readForm<{ token: string; reaction: Reaction }>(body, {
      token,
      reaction,
    });
    if (t === undefined) throw SocialErrors.missing('token');
    if (r === undefined) throw SocialErrors.badReaction();
    return this.social.react(scope, t, r, user);
  }

  // Declared before `:scope/:token`, which would otherwise take `scope/<scope>` for a token.
  @LoggedIn()
  @Delete('scope/:scope')
  @FormBody()
  @ApiOperation({ summary: 'Remove your reaction: {token}' })
  @ApiBody({ type: UnreactForm })
  @ApiOkResponse({ type: SocialResponse })
  unreactByBody(
    @Param('scope') scope: string,
    @Body() body: unknown,
    @CurrentUser() user: SessionUser,
  ): Promise<SocialWire> {
    this.social.assertScope(scope);
    return this.social.unreact(scope, bodyToken(body), user);
  }

  @LoggedIn()
  @Delete(':scope/:token')
  @ApiOperation({ summary: 'Remove your reaction' })
  @ApiOkResponse({ type: SocialResponse })
  unreact(
    @Param('scope') scope: string,
    @Param('token') raw: string,
    @CurrentUser() user: SessionUser,
  ): Promise<SocialWire> {
    this.social.assertScope(scope);
    return this.social.unreact(scope, parseToken(raw), user);
  }
}
