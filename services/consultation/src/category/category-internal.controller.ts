import { Controller, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectRepository } from '@nestjs/typeorm';
import { Internal, ZodResponse } from '@agora/common';
import { CategoryEnrolmentInfo, InternalCategoriesAnswer } from '@agora/contracts/api';
import { Repository } from 'typeorm';
import { z } from 'zod';
import { categoryActiveSql } from './access.js';
import { CategoryErrors } from './category.errors.js';
import { Category } from './entities/category.entity.js';

const Token = z.uuid();

/**
 * Routes for the other services, never routed by the gateway (`/internal/…`): the accounts service asks about a
 * category before it enrols someone in it (enrolments are kept with the accounts).
 */
@ApiTags('internal')
@Controller()
export class CategoryInternalController {
  constructor(
    @InjectRepository(Category, 'consultation') private readonly categories: Repository<Category>,
  ) {}

  @Internal('GET /internal/categories')
  @ZodResponse(InternalCategoriesAnswer)
  @ApiOperation({
    summary:
      'Every category: {token, mname, title} (system calls only: mailing, for the invitations of a CSV)',
  })
  async list(): Promise<InternalCategoriesAnswer> {
    const categories = await this.categories.manager.query<InternalCategoriesAnswer['categories']>(
      `SELECT c.token::text AS token, c.mname, c.title FROM consultation.category c ORDER BY c.mname`,
    );
    return { categories };
  }

  @Internal('GET /internal/categories/{token}/enrolment')
  @ZodResponse(CategoryEnrolmentInfo)
  @ApiOperation({
    summary:
      '{token, mname, active, autosubscribe} of a category (active: open to participants, a project of it ' +
      'is active or public); 404 for an ' +
      'unknown category (system calls only)',
  })
  async enrolment(@Param('token') token: string): Promise<CategoryEnrolmentInfo> {
    if (!Token.safeParse(token).success) throw CategoryErrors.notFound();
    const [row] = await this.categories.manager.query<
      Array<{ token: string; mname: string; autosubscribe: boolean; active: boolean }>
    >(
      `SELECT c.token::text AS token, c.mname, c.autosubscribe,
              ${categoryActiveSql('c')} AS active
         FROM consultation.category c WHERE c.token = $1`,
      [token],
    );
    if (!row) throw CategoryErrors.notFound();
    return { token: row.token, mname: row.mname, active: row.active, autosubscribe: row.autosubscribe };
  }
}
