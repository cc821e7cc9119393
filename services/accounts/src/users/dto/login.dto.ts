import { ApiProperty } from '@nestjs/swagger';
import { IsString, Length } from 'class-validator';

export class LoginDto {
  @ApiProperty({ example: 'admin' })
  @IsString({ message: 'missing parameters' })
  @Length(1, 150, { message: 'missing parameters' })
  username: string;

  @ApiProperty({ format: 'password' })
  @IsString({ message: 'missing parameters' })
  @Length(1, 1024, { message: 'missing parameters' })
  password: string;
}

export class ResolveSessionDto {
  @ApiProperty()
  @IsString()
  @Length(16, 256)
  sid: string;
}
