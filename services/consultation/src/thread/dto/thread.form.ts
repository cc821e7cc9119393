import { ApiProperty } from '@nestjs/swagger';
import { THREAD_MESSAGE_MIN, THREAD_TITLE_MIN } from '@agora/contracts';
import { MESSAGE_MAX, TITLE_MAX } from '../thread.input.js';

// Request shapes for the OpenAPI document; the bodies are read and checked by `thread.input.ts`.

export class NewThreadForm {
  @ApiProperty({ minLength: THREAD_TITLE_MIN, maxLength: TITLE_MAX })
  title: string;
  @ApiProperty({
    minLength: THREAD_MESSAGE_MIN,
    maxLength: MESSAGE_MAX,
    description: 'the first post, plain text',
  })
  raw: string;
}

export class ReplyForm {
  @ApiProperty({ minLength: THREAD_MESSAGE_MIN, maxLength: MESSAGE_MAX, description: 'plain text' })
  raw: string;
}
