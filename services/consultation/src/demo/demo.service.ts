import { Inject, Injectable } from '@nestjs/common';
import { InjectEntityManager } from '@nestjs/typeorm';
import { LOGGER, parseWith } from '@agora/common';
import { PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import {
  NewAttributeBody,
  NewProfileQuestionBody,
  NewTopicBody,
  NewVariableBody,
} from '@agora/contracts/api';
import type { Logger } from 'pino';
import type { EntityManager } from 'typeorm';
import { AttributeService } from '../attribute/attribute.service.js';
import { Category } from '../category/entities/category.entity.js';
import { CategoryService, type NewCategory } from '../category/category.service.js';
import { CONSULTATION_CONFIG } from '../config/consultation-config.module.js';
import type { ConsultationConfig } from '../config/consultation.config.js';
import { FIELD_REFUSAL } from '../http/refusals.js';
import { NodeService } from '../node/node.service.js';
import { questionInput } from '../profile/profile.input.js';
import { ProfileService } from '../profile/profile.service.js';
import { VariableService } from '../variable/variable.service.js';
import { seedDemoAnswers } from './demo-answers.seed.js';
import { demoConsultation } from './demo-data.js';
import { demoProfile, demoStructure, type DemoProfile, type DemoStructure } from './demo-structure.js';

/** Everything the demo adds: categories with their projects, the projects' questionnaires, profile questions. */
export interface DemoData {
  categories: NewCategory[];
  structure: DemoStructure[];
  profile: DemoProfile[];
  /** the day the demo is dated around (the participants' answers count back from it); none: no answers */
  answersOn?: Date;
}

/** How many rows of each kind were added. */
export interface DemoCounts {
  categories: number;
  projects: number;
  topics: number;
  attributes: number;
  variables: number;
  questions: number;
  /** the demo participants' answers, their values, profiles and likes */
  answers: number;
  values: number;
  profiles: number;
  reactions: number;
  /** the photos and documents of the answers (objects of the store's private area) */
  files: number;
}

/** The demo data dated around `now`. */
export function demoData(now: Date): DemoData {
  return {
    categories: demoConsultation(now),
    structure: demoStructure(),
    profile: demoProfile(),
    answersOn: now,
  };
}

/** Seeds the demonstration data when `AGORA_DEMO_DATA=true` and there are no categories. */
@Injectable()
export class DemoService {
  constructor(
    @Inject(CONSULTATION_CONFIG) private readonly config: ConsultationConfig,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly categories: CategoryService,
    @InjectEntityManager('consultation') private readonly db: EntityManager,
    @Inject(PRIVATE_FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  /** Answers how many categories were added (0 when disabled or when there are categories already). */
  async seed(now = new Date()): Promise<number> {
    if (!this.config.demoData || !(await this.categories.isEmpty())) return 0;
    const added = await this.addIfEmpty(demoData(now));
    if (added) this.logger.info(added, 'demo consultation data added');
    return added?.categories ?? 0;
  }

  /**
   * Adds `data` when there is no category yet, in one transaction: the categories and projects (the category
   * table stays locked until the end, so two processes starting together add it once), then each project's
   * topics, attributes and variables, then the profile questions, all through their services and so checked
   * like the admin screens' writes. A failure anywhere adds nothing. Answers null when there were categories.
   */
  async addIfEmpty(data: DemoData): Promise<DemoCounts | null> {
    // the answer files written to the store, deleted again when the transaction fails (no half-writes)
    const written: string[] = [];
    try {
      return await this.transaction(data, written);
    } catch (err) {
      for (const key of written) await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  private transaction(data: DemoData, written: string[]): Promise<DemoCounts | null> {
    return this.db.transaction(async (m) => {
      const categories = await this.categories.addIfEmpty(data.categories, m);
      if (!categories) return null;
      const counts: DemoCounts = {
        categories,
        projects: data.categories.reduce((n, c) => n + c.projects.length, 0),
        topics: 0,
        attributes: 0,
        variables: 0,
        questions: 0,
        answers: 0,
        values: 0,
        profiles: 0,
        reactions: 0,
        files: 0,
      };
      const nodes = new NodeService(m, this.config);
      const attributes = new AttributeService(m, this.config);
      const variables = new VariableService(m);
      for (const { project, topics } of data.structure)
        for (const { attributes: topicAttributes, ...topic } of topics) {
          const node = (await nodes.create(parseWith(NewTopicBody, { project, ...topic }))).token;
          counts.topics++;
          for (const { variables: attributeVariables, ...attribute } of topicAttributes) {
            const parent = (await attributes.create(parseWith(NewAttributeBody, { node, ...attribute })))
              .token;
            counts.attributes++;
            for (const variable of attributeVariables) {
              await variables.create(parseWith(NewVariableBody, { attribute: parent, ...variable }));
              counts.variables++;
            }
          }
        }
      const profile = new ProfileService(m, this.categories);
      for (const { category, role, questions } of data.profile) {
        const { token } = await m.findOneByOrFail(Category, { mname: category });
        for (const question of questions) {
          const body = parseWith(
            NewProfileQuestionBody,
            { category: token, role, ...question },
            FIELD_REFUSAL,
          );
          await profile.create(questionInput(body).input);
          counts.questions++;
        }
      }
      if (data.answersOn)
        Object.assign(counts, await seedDemoAnswers(m, data.answersOn, this.storage, written));
      return counts;
    });
  }
}
