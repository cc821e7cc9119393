import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsOptional, IsString, Length, Matches } from 'class-validator';
import type { MailStatus } from './mail.entity.js';

export const MAX_SUBJECT = 200;
export const MAX_TEXT = 100_000;
export const MAX_HTML = 500_000;

/** Body of `POST /internal/mail`. */
export class EnqueueMailDto {
  @ApiProperty({ example: 'someone@example.org' })
  @IsEmail({}, { message: 'to must be an e-mail address' })
  to: string;

  @ApiProperty({ minLength: 1, maxLength: MAX_SUBJECT })
  @IsString()
  @Length(1, MAX_SUBJECT)
  @Matches(/^[^\r\n]*$/, { message: 'subject must be one line' })
  subject: string;

  @ApiProperty({ minLength: 1, maxLength: MAX_TEXT, description: 'plain-text body' })
  @IsString()
  @Length(1, MAX_TEXT)
  text: string;

  @ApiPropertyOptional({ maxLength: MAX_HTML, description: 'HTML alternative, already safe to show' })
  @IsOptional()
  @IsString()
  @Length(1, MAX_HTML)
  html?: string;

  @ApiPropertyOptional({
    maxLength: 200,
    description: 'the same key gives the same mail, sent once (e.g. invitation-<id>)',
  })
  @IsOptional()
  @IsString()
  @Length(1, 200)
  @Matches(/^[\x21-\x7e]+$/, { message: 'idempotencyKey must be printable ASCII without spaces' })
  idempotencyKey?: string;
}

export class EnqueuedMailDto {
  @ApiProperty({ format: 'uuid' })
  id: string;

  @ApiProperty({ enum: ['queued', 'sending', 'sent', 'failed', 'uncertain'] })
  status: MailStatus;
}
