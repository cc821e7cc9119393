import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { AppError } from '@agora/common';
import type { SessionEnrolment } from '@agora/contracts';
import { Repository } from 'typeorm';
import { ConsultationCategories } from './consultation-categories.js';
import { Enrolment } from './enrolment.entity.js';

export const EnrolmentErrors = {
  categoryNotFound: () => new AppError('ACCOUNTS.CATEGORY_NOT_FOUND', 404, 'no such category'),
  notOpen: () => AppError.forbidden('enrolment in this category is not open', 'ACCOUNTS.ENROL_NOT_OPEN'),
};

/** The consultation categories users are enrolled in (the categories themselves are consultation's). */
@Injectable()
export class EnrolmentsService {
  constructor(
    @InjectRepository(Enrolment, 'accounts') private readonly enrolments: Repository<Enrolment>,
    private readonly categories: ConsultationCategories,
  ) {}

  /** A user's enrolments, oldest first. */
  async of(userUuid: string): Promise<SessionEnrolment[]> {
    const rows = await this.enrolments.find({
      where: { userUuid },
      order: { created: 'ASC', category: 'ASC' },
    });
    return rows.map((r) => ({ category: r.category, role: r.role }));
  }

  /**
   * `POST /enrolment`: the user enrols (role normal) in an active category open to everyone. Unknown or inactive:
   * 404; enrolled already: nothing changes (whatever the category's autosubscribe); not open: 403.
   */
  async enrolSelf(userUuid: string, token: string, requestId?: string): Promise<SessionEnrolment[]> {
    const category = await this.categories.enrolmentInfo(token, requestId);
    if (!category || !category.active) throw EnrolmentErrors.categoryNotFound();
    const existing = await this.enrolments.existsBy({ category: category.token, userUuid });
    if (!existing) {
      if (!category.autosubscribe) throw EnrolmentErrors.notOpen();
      await this.enrolments
        .createQueryBuilder()
        .insert()
        .values({ category: category.token, userUuid, role: 'normal' })
        .orIgnore()
        .execute();
    }
    return this.of(userUuid);
  }
}
