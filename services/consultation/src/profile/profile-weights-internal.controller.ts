import { Controller, Param } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { InjectDataSource } from '@nestjs/typeorm';
import { Internal, ZodResponse } from '@agora/common';
import { CategoryProfileWeightsAnswer } from '@agora/contracts/api';
import { DataSource } from 'typeorm';
import { z } from 'zod';
import { CategoryErrors } from '../category/category.errors.js';

const Token = z.uuid();

/**
 * Routes for the other services, never routed by the gateway (`/internal/…`): the accounts service shows each
 * member's consultation-profile weight in the members list (the enrolments are the accounts', the weights ours).
 */
@ApiTags('internal')
@Controller()
export class ProfileWeightsInternalController {
  constructor(@InjectDataSource('consultation') private readonly db: DataSource) {}

  @Internal('GET /internal/profile-weights/category/{token}')
  @ZodResponse(CategoryProfileWeightsAnswer)
  @ApiOperation({
    summary:
      "{token, weights: [{uuid, weight}]}: the category's respondents' consultation-profile weights; 404 for an " +
      'unknown category (system calls only: accounts)',
  })
  async weights(@Param('token') token: string): Promise<CategoryProfileWeightsAnswer> {
    if (!Token.safeParse(token).success) throw CategoryErrors.notFound();
    const [category] = await this.db.query<Array<{ token: string }>>(
      `SELECT token::text AS token FROM consultation.category WHERE token = $1`,
      [token],
    );
    if (!category) throw CategoryErrors.notFound();
    const rows = await this.db.query<Array<{ uuid: string; weight: number }>>(
      `SELECT user_uuid::text AS uuid, weight FROM consultation.profile_weight WHERE category = $1
        ORDER BY user_uuid`,
      [token],
    );
    return { token: category.token, weights: rows.map((r) => ({ uuid: r.uuid, weight: Number(r.weight) })) };
  }
}
