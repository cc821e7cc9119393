import { ApiProperty } from '@nestjs/swagger';
import { CONSULTATION_ROLES, type ConsultationRole } from '@agora/contracts';

export class ProfileChoiceResponse {
  @ApiProperty()
  id: number;
  @ApiProperty()
  content: string;
  @ApiProperty({ description: 'a marker URL' })
  icon: string;
  @ApiProperty()
  weight: number;
  @ApiProperty({ minimum: 1 })
  sort_order: number;
}

export class ProfileQuestionResponse {
  @ApiProperty({ format: 'uuid' })
  token: string;
  @ApiProperty({ format: 'uuid', description: "the category's token" })
  category: string;
  @ApiProperty({ enum: CONSULTATION_ROLES })
  role: ConsultationRole;
  @ApiProperty()
  question: string;
  @ApiProperty()
  weight: number;
  @ApiProperty({ minimum: 1 })
  sort_order: number;
  @ApiProperty({ type: [ProfileChoiceResponse], description: 'by sort_order' })
  choices: ProfileChoiceResponse[];
}
