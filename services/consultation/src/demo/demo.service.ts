import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@agora/common';
import type { Logger } from 'pino';
import { CategoryService } from '../category/category.service.js';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { demoConsultation } from './demo-data.js';

/** Seeds the demonstration categories and projects when `AGORA_DEMO_DATA=true` and there are none. */
@Injectable()
export class DemoService {
  constructor(
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly categories: CategoryService,
  ) {}

  /** Answers how many categories were added (0 when disabled or when there are categories already). */
  async seed(now = new Date()): Promise<number> {
    if (!this.config.demoData || !(await this.categories.isEmpty())) return 0;
    const data = demoConsultation(now);
    const added = await this.categories.addIfEmpty(data);
    if (added) {
      const projects = data.reduce((n, c) => n + c.projects.length, 0);
      this.logger.info({ categories: added, projects }, 'demo consultation data added');
    }
    return added;
  }
}
