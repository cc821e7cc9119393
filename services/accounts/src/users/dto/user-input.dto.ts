import { applyDecorators } from '@nestjs/common';
import { ApiProperty, ApiPropertyOptional, type ApiPropertyOptions } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { ROLES, type Role } from '@agora/contracts';
import { USER_LOCALES, type UserLocale } from '../user-locale.js';

// Types only: the content rules are the `users` scope's (USER_RULES), checked with checkForm so that the
// answer names the field and the rule's message, exactly as the browser shows it.
const str = { message: 'missing parameters' };

/** A text field that may be left out; documented as optional unless `required` is true. */
function TextField({ required, ...docs }: ApiPropertyOptions = {}) {
  return applyDecorators(
    IsString(str),
    IsOptional(),
    required ? ApiProperty(docs) : ApiPropertyOptional(docs),
  );
}

/** The language of account mails: one of USER_LOCALES, or left out. */
function LocaleField() {
  return applyDecorators(
    IsIn(USER_LOCALES as readonly string[], str),
    IsOptional(),
    ApiPropertyOptional({ enum: USER_LOCALES, description: 'the language of account mails (default el)' }),
  );
}

export class RegistrationDto {
  @TextField({ required: true, example: 'maria_p', description: '3-30 letters, digits, . _ -' })
  username?: string;

  @TextField({ required: true, example: 'Μαρία' })
  firstname?: string;

  @TextField({ required: true, example: 'Παπαδοπούλου' })
  lastname?: string;

  @TextField({ required: true, example: 'maria@example.org' })
  email?: string;

  @TextField({
    required: true,
    format: 'password',
    description: '8-128 characters with a letter and a digit',
  })
  password?: string;

  @TextField({ format: 'password', description: 'if sent, must equal password' })
  password_repeat?: string;

  @TextField({ example: 'Εγνατίας+12+Θεσσαλονίκη+546 30', description: 'street+number+town+zip' })
  address?: string | null;

  @TextField({ example: '40.6264;22.9484', description: 'lat;lon (WGS84)' })
  location?: string | null;

  @TextField({ example: '+30 2310 123456' })
  phone?: string | null;

  @LocaleField()
  locale?: UserLocale;
}

/** `PUT /profile`: only the changed fields. */
export class ProfileUpdateDto {
  @TextField()
  firstname?: string;

  @TextField()
  lastname?: string;

  @TextField()
  email?: string;

  @TextField({ nullable: true, description: 'empty or null clears it' })
  phone?: string | null;

  @TextField({ nullable: true, description: 'street+number+town+zip; empty or null clears it' })
  address?: string | null;

  @TextField({ nullable: true, description: 'lat;lon; empty or null clears it' })
  location?: string | null;

  @TextField({ format: 'password', description: 'the new password (needs password_current)' })
  password?: string;

  @TextField({ format: 'password' })
  password_current?: string;

  @TextField({ format: 'password', description: 'if sent, must equal password' })
  password_repeat?: string;

  @TextField({ description: 'not editable: 400 unless equal to the current one' })
  username?: string;

  @TextField({ description: 'not editable here: 400 unless equal to the current one' })
  role?: string;

  @LocaleField()
  locale?: UserLocale;
}

/** `PUT /users/uuid/{uuid}` (admins): a role, the active flag, or profile fields. */
export class AdminUserUpdateDto {
  @ApiPropertyOptional({ enum: ROLES })
  @IsOptional()
  @IsIn(ROLES as readonly string[], { message: 'invalid role' })
  role?: Role;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'missing parameters' })
  active?: boolean;

  @TextField()
  firstname?: string;

  @TextField()
  lastname?: string;

  @TextField()
  email?: string;

  @TextField({ nullable: true })
  phone?: string | null;

  @TextField({ nullable: true })
  address?: string | null;

  @TextField({ nullable: true })
  location?: string | null;

  @TextField({ format: 'password', description: 'sets a new password' })
  password?: string;

  @TextField({ description: 'not editable: 400 unless equal to the current one' })
  username?: string;
}
