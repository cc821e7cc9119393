import { ApiProperty } from '@nestjs/swagger';
import type { Reaction } from '@agora/contracts';

export class SocialResponse {
  @ApiProperty({ minimum: 0 })
  likes: number;
  @ApiProperty({ minimum: 0 })
  dislikes: number;
  @ApiProperty({
    enum: ['like', 'dislike'],
    nullable: true,
    type: String,
    description: "the caller's reaction",
  })
  reaction: Reaction | null;
  @ApiProperty({ description: 'true when the caller owns the item (and so cannot react)' })
  owner: boolean;
}
