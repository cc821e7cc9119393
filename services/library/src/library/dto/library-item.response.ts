import { ApiProperty } from '@nestjs/swagger';
import { OWNER_DOC } from '../../http/ownership.js';

/** One library item as the API answers it. */
export class LibraryItemResponse {
  @ApiProperty({ format: 'uuid' })
  uuid: string;
  @ApiProperty()
  title: string;
  @ApiProperty({ type: [String] })
  tags: string[];
  @ApiProperty()
  tooltip: string;
  @ApiProperty()
  description: string;
  @ApiProperty({ description: 'link to documentation' })
  documentation: string;
  @ApiProperty()
  alt_text: string;
  @ApiProperty({ description: 'URL of the image', example: '/api/library/files/items/0b5c.png' })
  resource: string;
  @ApiProperty({ type: String, nullable: true, description: 'URL of a smaller image, when there is one' })
  thumbnail: string | null;
  @ApiProperty({ description: 'pixels' })
  width: number;
  @ApiProperty({ description: 'pixels' })
  height: number;
  @ApiProperty({ example: 'image/png' })
  mime: string;
  @ApiProperty({
    type: String,
    nullable: true,
    format: 'uuid',
    description: `the uploader: ${OWNER_DOC.owner}`,
  })
  owner: string | null;
  @ApiProperty({ description: OWNER_DOC.can_edit })
  can_edit: boolean;
  @ApiProperty({ description: OWNER_DOC.can_delete })
  can_delete: boolean;
  @ApiProperty({ format: 'date-time' })
  created: string;
}

export class LibraryItemList {
  @ApiProperty({ type: [LibraryItemResponse] })
  values: LibraryItemResponse[];
}

export class LibraryItemPage {
  @ApiProperty({ type: [LibraryItemResponse] })
  values: LibraryItemResponse[];
  @ApiProperty({ minimum: 1 })
  page: number;
  @ApiProperty({ minimum: 1 })
  total_pages: number;
  @ApiProperty({ minimum: 0 })
  total: number;
}
