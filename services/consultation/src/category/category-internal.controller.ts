import { Controller, Get, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Internal, ZodResponse } from '@agora/common';
import { CategoryEnrolmentInfo } from '@agora/contracts/api';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { CategoryErrors } from './category.errors.js';
import { Category } from './entities/category.entity.js';

const Token = z.uuid();

/**
 * Routes for the other services, never routed by the gateway (`/internal/…`): the accounts service asks about a
 * category before it enrols someone in it (enrolments are kept with the accounts).
 */
@ApiTags('internal')
@Internal('accounts')
@Controller('internal/categories')
export class CategoryInternalController {
  constructor(
    @InjectRepository(Category, 'consultation') private readonly categories: Repository<Category>,
  ) {}

  @Get(':token/enrolment')
  @ZodResponse(CategoryEnrolmentInfo)
  @ApiOperation({
    summary:
      '{token, mname, active, autosubscribe} of a category (active: it has an active project); 404 for an ' +
      'unknown category (system calls only)',
  })
  async enrolment(@Param('token') token: string): Promise<CategoryEnrolmentInfo> {
    if (!Token.safeParse(token).success) throw CategoryErrors.notFound();
    const [row] = await this.categories.manager.query<
      Array<{ token: string; mname: string; autosubscribe: boolean; active: boolean }>
    >(
      `SELECT c.token::text AS token, c.mname, c.autosubscribe,
              EXISTS (SELECT 1 FROM consultation.project p WHERE p.category = c.token AND p.active) AS active
         FROM consultation.category c WHERE c.token = $1`,
      [token],
    );
    if (!row) throw CategoryErrors.notFound();
    return { token: row.token, mname: row.mname, active: row.active, autosubscribe: row.autosubscribe };
  }
}
