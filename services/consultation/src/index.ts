import 'reflect-metadata';
import { SERVICE_CONFIG, type ServiceConfig, type ServiceDefinition } from '@agora/common';
import { loadStorageConfig, StorageModule } from '@agora/common/storage';
import { CategoryModule } from './category/category.module.js';
import { Category } from './category/entities/category.entity.js';
import { ConsultationConfigModule } from './config/consultation-config.module.js';
import { DemoModule } from './demo/demo.module.js';
import { DemoService } from './demo/demo.service.js';
import { ExportModule } from './export/export.module.js';
import { AnalyticsModule } from './analytics/analytics.module.js';
import { AnswerModule } from './answer/answer.module.js';
import { AnswerFile } from './answer/entities/answer-file.entity.js';
import { AnswerValue } from './answer/entities/answer-value.entity.js';
import { Answer } from './answer/entities/answer.entity.js';
import { AttributeModule } from './attribute/attribute.module.js';
import { ConsultationInit1795303500000 } from './migrations/1795303500000-ConsultationInit.js';
import { CategoryProjectFields1795400000000 } from './migrations/1795400000000-CategoryProjectFields.js';
import { StructureTree1795400100000 } from './migrations/1795400100000-StructureTree.js';
import { ProfileThreadsSocial1795400200000 } from './migrations/1795400200000-ProfileThreadsSocial.js';
import { AdminActiveCategory1795400329000 } from './migrations/1795400329000-AdminActiveCategory.js';
import { AnswerStorage1795400400000 } from './migrations/1795400400000-AnswerStorage.js';
import { ProfileAnswers1795400410000 } from './migrations/1795400410000-ProfileAnswers.js';
import { ExportPseudonyms1795400500000 } from './migrations/1795400500000-ExportPseudonyms.js';
import { AnswerFilesInStore1795400600000 } from './migrations/1795400600000-AnswerFilesInStore.js';
import { StableChoiceIds1795400700000 } from './migrations/1795400700000-StableChoiceIds.js';
import { GeometricValueOnce1795400710000 } from './migrations/1795400710000-GeometricValueOnce.js';
import { AnswerValueColumns1795400720000 } from './migrations/1795400720000-AnswerValueColumns.js';
import { StatisticsChanges1795400730000 } from './migrations/1795400730000-StatisticsChanges.js';
import { AuditLog1801100000000 } from './migrations/1801100000000-AuditLog.js';
import { AuditInternalModule } from './audit/audit-internal.controller.js';
import { OpenDataSettings1801200000000 } from './migrations/1801200000000-OpenDataSettings.js';
import { EraseAnswersOnAccountDeletion1801500000000 } from './migrations/1801500000000-EraseAnswersOnAccountDeletion.js';
import { ProjectRetention1801600000000 } from './migrations/1801600000000-ProjectRetention.js';
import { AnswerIdempotencyKey1801800000000 } from './migrations/1801800000000-AnswerIdempotencyKey.js';
import { NodeModule } from './node/node.module.js';
import { OpenDataModule } from './open-data/open-data.module.js';
import { VariableModule } from './variable/variable.module.js';
import { ProfileChoice } from './profile/entities/profile-choice.entity.js';
import { ProfileQuestion } from './profile/entities/profile-question.entity.js';
import { ProfileModule } from './profile/profile.module.js';
import { Project } from './project/entities/project.entity.js';
import { ProjectModule } from './project/project.module.js';
import { RetentionModule } from './retention/retention.module.js';
import { QuestionnaireModule } from './questionnaire/questionnaire.module.js';
import { SocialReaction } from './social/entities/social-reaction.entity.js';
import { SocialModule } from './social/social.module.js';
import { ThreadPost } from './thread/entities/thread-post.entity.js';
import { Thread } from './thread/entities/thread.entity.js';
import { StatsModule } from './stats/stats.module.js';
import { ThreadModule } from './thread/thread.module.js';
import { ValidationModule } from './validation/validation.module.js';

export type { ConsultationConfig } from './config/consultation.config.js';
export { loadConsultationConfig } from './config/consultation.config.js';

export const consultationStorage: ServiceDefinition['storage'] = {
  schema: 'consultation',
  entities: [
    Category,
    Project,
    ProfileQuestion,
    ProfileChoice,
    Thread,
    ThreadPost,
    SocialReaction,
    Answer,
    AnswerValue,
    AnswerFile,
  ],
  migrations: [
    ConsultationInit1795303500000,
    CategoryProjectFields1795400000000,
    StructureTree1795400100000,
    ProfileThreadsSocial1795400200000,
    AdminActiveCategory1795400329000,
    AnswerStorage1795400400000,
    ProfileAnswers1795400410000,
    ExportPseudonyms1795400500000,
    AnswerFilesInStore1795400600000,
    StableChoiceIds1795400700000,
    GeometricValueOnce1795400710000,
    AnswerValueColumns1795400720000,
    StatisticsChanges1795400730000,
    AuditLog1801100000000,
    OpenDataSettings1801200000000,
    EraseAnswersOnAccountDeletion1801500000000,
    ProjectRetention1801600000000,
    AnswerIdempotencyKey1801800000000,
  ],
};

/**
 * The consultation service: categories, projects and (later) topics, attributes, variables and answers.
 * `env` holds the service's own settings (`AGORA_DEMO_DATA`, `STORAGE_*`), validated when the app boots.
 */
export function createConsultationService(env: Record<string, string | undefined>): ServiceDefinition {
  return {
    name: 'consultation',
    title: 'Agora consultation',
    description: 'Consultation categories and projects on the map, questionnaires and answers.',
    storage: consultationStorage,
    // Boundaries, predefined features and context arrive as GeoJSON in JSON bodies (up to 1 MB each, 10,000
    // features); 4 MB leaves room for a topic form with a boundary and an attribute with two collections.
    jsonLimit: '4mb',
    modules: [
      ConsultationConfigModule.forRoot(env),
      // answer files (and exports) in the private area of the file store
      StorageModule.forRoot(SERVICE_CONFIG, (service: ServiceConfig) =>
        loadStorageConfig('consultation', env, service.dataDir),
      ),
      CategoryModule,
      ProjectModule,
      ValidationModule,
      DemoModule,
      ProfileModule,
      ThreadModule,
      SocialModule.forRoot(env),
      NodeModule,
      AttributeModule,
      VariableModule,
      AnswerModule,
      AnalyticsModule,
      QuestionnaireModule,
      StatsModule,
      ExportModule.forRoot(env),
      RetentionModule,
      AuditInternalModule,
      OpenDataModule,
    ],
    onReady: async (app) => {
      await app.get(DemoService).seed();
    },
  };
}

export const consultationService: ServiceDefinition = createConsultationService(process.env);
