import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';
import { OWNER_DOC } from '../../http/ownership.js';

/** Text fields of the documentation multipart form (rules: the `documentation` scope). */
export class DocumentationForm {
  @ApiPropertyOptional() @IsOptional() @IsString() uri?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() comment?: string;
  @ApiPropertyOptional({ enum: ['html', 'resource'] })
  @IsOptional()
  @IsIn(['html', 'resource'])
  type?: string;
  @ApiPropertyOptional({ description: 'html body (sanitised)' }) @IsOptional() @IsString() html?: string;
  /** the current file's URL sent back by a form: ignored (a new file comes as a file) */
  @ApiPropertyOptional() @IsOptional() @IsString() resource?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() uuid?: string;
  @ApiPropertyOptional({ enum: ['PUT'] }) @IsOptional() @IsIn(['PUT', 'put']) _method?: string;
}

export class DocumentationResponse {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() uri: string;
  @ApiProperty() title: string;
  @ApiProperty() comment: string;
  @ApiProperty({ enum: ['html', 'resource'] }) type: 'html' | 'resource';
  @ApiProperty({ type: String, nullable: true }) html: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'URL of the file' }) resource: string | null;
  @ApiProperty({ type: String, nullable: true, description: 'the uploaded file name' }) filename:
    string | null;
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: OWNER_DOC.owner }) owner:
    string | null;
  @ApiProperty({ description: OWNER_DOC.can_edit }) can_edit: boolean;
  @ApiProperty({ description: OWNER_DOC.can_delete }) can_delete: boolean;
  @ApiProperty({ format: 'date-time' }) created: string;
}

export class DocumentationPage {
  @ApiProperty({ type: [DocumentationResponse] }) values: DocumentationResponse[];
  @ApiProperty() page: number;
  @ApiProperty() total_pages: number;
  @ApiProperty() total: number;
}
