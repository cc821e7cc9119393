import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString } from 'class-validator';
import { ROLES, type Role } from '@agora/contracts';
import { USER_LOCALES, type UserLocale } from '../user-locale.js';

// Types only: the content rules are the `users` scope's (USER_RULES), checked with checkForm so that the
// answer names the field and the rule's message, exactly as the browser shows it.
const str = { message: 'missing parameters' };

export class RegistrationDto {
  @ApiProperty({ example: 'maria_p', description: '3-30 letters, digits, . _ -' })
  @IsOptional()
  @IsString(str)
  username?: string;

  @ApiProperty({ example: 'Μαρία' })
  @IsOptional()
  @IsString(str)
  firstname?: string;

  @ApiProperty({ example: 'Παπαδοπούλου' })
  @IsOptional()
  @IsString(str)
  lastname?: string;

  @ApiProperty({ example: 'maria@example.org' })
  @IsOptional()
  @IsString(str)
  email?: string;

  @ApiProperty({ format: 'password', description: '8-128 characters with a letter and a digit' })
  @IsOptional()
  @IsString(str)
  password?: string;

  @ApiPropertyOptional({ format: 'password', description: 'if sent, must equal password' })
  @IsOptional()
  @IsString(str)
  password_repeat?: string;

  @ApiPropertyOptional({ example: 'Εγνατίας+12+Θεσσαλονίκη+546 30', description: 'street+number+town+zip' })
  @IsOptional()
  @IsString(str)
  address?: string | null;

  @ApiPropertyOptional({ example: '40.6264;22.9484', description: 'lat;lon (WGS84)' })
  @IsOptional()
  @IsString(str)
  location?: string | null;

  @ApiPropertyOptional({ example: '+30 2310 123456' })
  @IsOptional()
  @IsString(str)
  phone?: string | null;

  @ApiPropertyOptional({ enum: USER_LOCALES, description: 'the language of account mails (default el)' })
  @IsOptional()
  @IsIn(USER_LOCALES as readonly string[], str)
  locale?: UserLocale;
}

/** `PUT /profile`: only the changed fields. */
export class ProfileUpdateDto {
  @ApiPropertyOptional()
  @IsOptional()
  @IsString(str)
  firstname?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString(str)
  lastname?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString(str)
  email?: string;

  @ApiPropertyOptional({ nullable: true, description: 'empty or null clears it' })
  @IsOptional()
  @IsString(str)
  phone?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'street+number+town+zip; empty or null clears it' })
  @IsOptional()
  @IsString(str)
  address?: string | null;

  @ApiPropertyOptional({ nullable: true, description: 'lat;lon; empty or null clears it' })
  @IsOptional()
  @IsString(str)
  location?: string | null;

  @ApiPropertyOptional({ format: 'password', description: 'the new password (needs password_current)' })
  @IsOptional()
  @IsString(str)
  password?: string;

  @ApiPropertyOptional({ format: 'password' })
  @IsOptional()
  @IsString(str)
  password_current?: string;

  @ApiPropertyOptional({ format: 'password', description: 'if sent, must equal password' })
  @IsOptional()
  @IsString(str)
  password_repeat?: string;

  @ApiPropertyOptional({ description: 'not editable: 400 unless equal to the current one' })
  @IsOptional()
  @IsString(str)
  username?: string;

  @ApiPropertyOptional({ description: 'not editable here: 400 unless equal to the current one' })
  @IsOptional()
  @IsString(str)
  role?: string;

  @ApiPropertyOptional({ enum: USER_LOCALES, description: 'the language of account mails (default el)' })
  @IsOptional()
  @IsIn(USER_LOCALES as readonly string[], str)
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

  @ApiPropertyOptional()
  @IsOptional()
  @IsString(str)
  firstname?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString(str)
  lastname?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString(str)
  email?: string;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString(str)
  phone?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString(str)
  address?: string | null;

  @ApiPropertyOptional({ nullable: true })
  @IsOptional()
  @IsString(str)
  location?: string | null;

  @ApiPropertyOptional({ format: 'password', description: 'sets a new password' })
  @IsOptional()
  @IsString(str)
  password?: string;

  @ApiPropertyOptional({ description: 'not editable: 400 unless equal to the current one' })
  @IsOptional()
  @IsString(str)
  username?: string;
}
