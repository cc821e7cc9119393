import { ApiProperty } from '@nestjs/swagger';

/** The answer of a write that has nothing else to say ('successful update', 'data deleted'). */
export class MessageResponse {
  @ApiProperty({ example: 'successful update' })
  message: string;
}

/** `PUT {category|project}/sortOrder/`: token → 1-based position (numbers, or their text in a form). */
export const SORT_ORDER_SCHEMA = {
  type: 'object',
  additionalProperties: { type: 'integer', minimum: 1 },
  example: { '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01': 1, '6a1e4f20-9c1b-4d6e-8a0f-2b3c4d5e6f70': 2 },
} as const;
