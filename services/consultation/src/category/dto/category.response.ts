import { ApiProperty } from '@nestjs/swagger';
import type { CategoryWire } from '@agora/contracts';

/** A project as listed inside its category. */
export class CategoryProjectResponse {
  @ApiProperty({ format: 'uuid' })
  token: string;
  @ApiProperty()
  mname: string;
  @ApiProperty()
  title: string;
}

export class CategoryResponse implements CategoryWire {
  @ApiProperty({ format: 'uuid' })
  token: string;
  @ApiProperty()
  mname: string;
  @ApiProperty()
  title: string;
  @ApiProperty()
  summary: string;
  @ApiProperty({ description: "URL of a library image ('' when none)" })
  summary_img: string;
  @ApiProperty()
  summary_img_alt: string;
  @ApiProperty({
    description:
      "the calling administrator's own active category (false for everyone else and for other callers)",
  })
  active: boolean;
  @ApiProperty()
  autosubscribe: boolean;
  @ApiProperty()
  forum_welcome_message: string;
  @ApiProperty({
    description:
      'the caller has answered the consultation-profile questions (false until those answers are stored)',
  })
  has_answered: boolean;
  @ApiProperty({ description: 'the category has consultation-profile questions (for either role)' })
  consultation: boolean;
  @ApiProperty({ minimum: 0, description: '1-based position' })
  sort_order: number;
  @ApiProperty({ type: [CategoryProjectResponse], description: 'by sort_order' })
  projects: CategoryProjectResponse[];
}

export class CategoryMnameResponse {
  @ApiProperty()
  mname: string;
}

/** The fields of a category write, as JSON or multipart (for OpenAPI; the server reads them with `readCategoryForm`). */
export class CategoryForm {
  @ApiProperty({ required: false, maxLength: 200, description: 'required when creating' })
  title?: string;
  @ApiProperty({ required: false, maxLength: 60, description: 'unique short name; required when creating' })
  mname?: string;
  @ApiProperty({ required: false })
  summary?: string;
  @ApiProperty({ required: false, description: "URL of a library image: '/…' or http(s)" })
  summary_img?: string;
  @ApiProperty({ required: false })
  summary_img_alt?: string;
  @ApiProperty({ required: false })
  forum_welcome_message?: string;
  @ApiProperty({
    required: false,
    description: "true makes it the caller's own active category; false leaves them none",
  })
  active?: boolean;
  @ApiProperty({ required: false })
  autosubscribe?: boolean;
}
