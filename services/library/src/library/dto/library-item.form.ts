import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';

/**
 * The text fields of a library item's multipart form. Content rules are the `library` scope's
 * (LIBRARY_RULES), checked with checkForm; `tags` is a JSON array of strings.
 */
export class LibraryItemForm {
  @ApiPropertyOptional() @IsOptional() @IsString() title?: string;
  @ApiPropertyOptional({ description: 'JSON array of strings', example: '["square","park"]' })
  @IsOptional()
  @IsString()
  tags?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() tooltip?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() description?: string;
  @ApiPropertyOptional({ description: 'http(s):// link' }) @IsOptional() @IsString() documentation?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() alt_text?: string;
  /** the current image's URL sent back by a form: ignored (a new image comes as a file) */
  @ApiPropertyOptional() @IsOptional() @IsString() resource?: string;
  @ApiPropertyOptional({ enum: ['PUT'] }) @IsOptional() @IsIn(['PUT', 'put']) _method?: string;
}
