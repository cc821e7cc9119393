import { Injectable, type PipeTransform } from '@nestjs/common';
import { parsePage } from '@agora/common';

/** `@Param('page', PagePipe)`: a 1-based page number; absent → 1; anything else → 400 `REQUEST.PAGE`. */
@Injectable()
export class PagePipe implements PipeTransform<string | undefined, number> {
  transform(value: string | undefined): number {
    return parsePage(value);
  }
}
