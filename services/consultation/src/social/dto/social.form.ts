import { ApiProperty } from '@nestjs/swagger';
import type { Reaction } from '@agora/contracts';

// Request shapes for the OpenAPI document; the controller reads and checks the bodies.

export class UnreactForm {
  @ApiProperty({ format: 'uuid', description: "the item's token" })
  token: string;
}

export class ReactForm extends UnreactForm {
  @ApiProperty({ enum: ['like', 'dislike'] })
  reaction: Reaction;
}
