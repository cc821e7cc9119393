import { Injectable, type PipeTransform } from '@nestjs/common';
import { AppError } from '@agora/common';

/** `@Param('profile', ProfileChoicePipe)`: a profile choice's id (a positive integer); 400 `REQUEST.INVALID` else. */
@Injectable()
export class ProfileChoicePipe implements PipeTransform<string | undefined, number | undefined> {
  transform(value: string | undefined): number | undefined {
    if (value === undefined) return undefined;
    if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > 2_147_483_647)
      throw AppError.badRequest('REQUEST.INVALID', 'invalid profile choice: a positive whole number');
    return Number(value);
  }
}
