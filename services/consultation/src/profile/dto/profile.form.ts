import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { CONSULTATION_ROLES, type ConsultationRole } from '@agora/contracts';

// Request shapes for the OpenAPI document; the bodies are read and checked by `profile.input.ts`.

export class ProfileChoiceFields {
  @ApiProperty({ maxLength: 500 })
  content: string;
  @ApiProperty({ maxLength: 500, description: 'a marker URL (/… or http(s)://…)' })
  icon: string;
  @ApiProperty({ type: Number, description: 'a whole number (or its text in a form)' })
  weight: number | string;
}

export class ProfileQuestionForm {
  @ApiProperty({ maxLength: 500 })
  question: string;
  @ApiProperty({ format: 'uuid', description: "the category's token" })
  category: string;
  @ApiProperty({ enum: CONSULTATION_ROLES })
  role: ConsultationRole;
  @ApiProperty({ type: Number })
  weight: number | string;
  @ApiPropertyOptional({
    type: [ProfileChoiceFields],
    description: 'a list; in a form `choices[i][content|icon|weight]` fields or the list as JSON text',
  })
  choices?: ProfileChoiceFields[] | string;
}

export class ProfileQuestionChangeForm {
  @ApiPropertyOptional({ maxLength: 500 })
  question?: string;
  @ApiPropertyOptional({ type: Number })
  weight?: number | string;
}

export class ProfileChoiceForm extends ProfileChoiceFields {
  @ApiProperty({ format: 'uuid', description: "the question's token" })
  question: string;
}

export class ProfileChoiceChangeForm {
  @ApiPropertyOptional({ maxLength: 500 })
  content?: string;
  @ApiPropertyOptional({ maxLength: 500 })
  icon?: string;
  @ApiPropertyOptional({ type: Number })
  weight?: number | string;
}

export const TOKEN_ORDER_SCHEMA = {
  type: 'array',
  items: { type: 'string', format: 'uuid' },
  description: 'question tokens of one category and role, first = position 1',
} as const;

export const ID_ORDER_SCHEMA = {
  type: 'array',
  items: { type: 'integer', minimum: 1 },
  description: 'choice ids of one question, first = position 1',
} as const;
