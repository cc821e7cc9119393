import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Allow, IsIn, IsOptional, IsString } from 'class-validator';
import { OWNER_DOC } from '../../http/ownership.js';
import { LibraryItemResponse } from '../../library/dto/library-item.response.js';

/** A library view's fields, as JSON or multipart (`items`: a list of uuids, or its JSON text). */
export class LibraryViewForm {
  @ApiPropertyOptional() @IsOptional() @IsString() uri?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() title?: string;
  @ApiPropertyOptional() @IsOptional() @IsString() description?: string;
  @ApiPropertyOptional({ description: 'library item uuids, or their JSON text', type: [String] })
  @Allow()
  items?: unknown;
  @ApiPropertyOptional() @IsOptional() @IsString() uuid?: string;
  @ApiPropertyOptional({ enum: ['PUT'] }) @IsOptional() @IsIn(['PUT', 'put']) _method?: string;
}

export class LibraryViewResponse {
  @ApiProperty({ format: 'uuid' }) uuid: string;
  @ApiProperty() uri: string;
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [String] }) items: string[];
  @ApiProperty({ type: String, nullable: true, format: 'uuid', description: OWNER_DOC.owner }) owner:
    string | null;
  @ApiProperty({ description: OWNER_DOC.can_edit }) can_edit: boolean;
  @ApiProperty({ description: OWNER_DOC.can_delete }) can_delete: boolean;
  @ApiProperty({ format: 'date-time' }) created: string;
}

export class LibraryViewPage {
  @ApiProperty({ type: [LibraryViewResponse] }) values: LibraryViewResponse[];
  @ApiProperty() page: number;
  @ApiProperty() total_pages: number;
  @ApiProperty() total: number;
}

export class LibraryViewPublic {
  @ApiProperty() title: string;
  @ApiProperty() description: string;
  @ApiProperty({ type: [LibraryItemResponse] }) items: LibraryItemResponse[];
}
