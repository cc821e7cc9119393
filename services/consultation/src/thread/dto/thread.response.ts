import { ApiProperty } from '@nestjs/swagger';

export class ThreadLinkResponse {
  @ApiProperty()
  forum_topic_id: number;
  @ApiProperty({ example: '/forum/12' })
  forum_topic_url: string;
}

export class ForumPostResponse {
  @ApiProperty()
  id: number;
  @ApiProperty({ description: 'the plain text typed (show it as text, keeping line breaks)' })
  content: string;
  @ApiProperty({ description: "'' (no pictures of people are kept)" })
  avatar: string;
  @ApiProperty()
  username: string;
  @ApiProperty({ description: 'first and last name' })
  display_username: string;
  @ApiProperty({ format: 'date-time' })
  updated_at: string;
}

export class ForumTopicResponse {
  @ApiProperty()
  id: number;
  @ApiProperty()
  title: string;
  @ApiProperty({ type: [ForumPostResponse], description: 'oldest first' })
  posts: ForumPostResponse[];
}
