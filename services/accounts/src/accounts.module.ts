import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { TypeOrmModule } from '@nestjs/typeorm';
import { INFRA, MAIL_REQUESTS_QUEUE, type Infra } from '@agora/common';
import { ACCOUNTS_CONFIG, type AccountsConfig } from './config/accounts.config.js';
import { ConsultationCategories } from './enrolments/consultation-categories.js';
import { DemoParticipants } from './enrolments/demo-participants.js';
import { EnrolmentController } from './enrolments/enrolment.controller.js';
import { Enrolment } from './enrolments/enrolment.entity.js';
import { MembersService } from './enrolments/members.service.js';
import { EnrolmentsService } from './enrolments/enrolments.service.js';
import { InvitationsInternalController } from './invitations-internal/invitations-internal.controller.js';
import { InvitationsInternalService } from './invitations-internal/invitations-internal.service.js';
import { AccountDeletion } from './deletion/account-deletion.js';
import { AccountDeletionController } from './deletion/account-deletion.controller.js';
import { DataRequests } from './deletion/data-requests.js';
import { DataRequestsController } from './deletion/data-requests.controller.js';
import { ConsultationUserData } from './my-data/consultation-user-data.js';
import { MY_DATA_QUEUE, MyDataArchives } from './my-data/my-data-archives.js';
import { MyDataController } from './my-data/my-data.controller.js';
import { RateLimitService } from './ratelimit/rate-limit.service.js';
import { MailRequestsProducer } from './recovery/mail-requests.producer.js';
import { MailRequestsReadiness } from './recovery/mail-requests.readiness.js';
import { RecoveryController } from './recovery/recovery.controller.js';
import { RecoveryToken } from './recovery/recovery-token.entity.js';
import { RecoveryService } from './recovery/recovery.service.js';
import { ConsultationResults } from './results-mail/consultation-results.js';
import { RESULTS_MAIL_QUEUE, ResultsAnnouncer } from './results-mail/results-announcer.js';
import { RegistrationController } from './registration/registration.controller.js';
import { UsersAdminCreateController } from './users/users-admin-create.controller.js';
import { LoginController } from './sessions/login.controller.js';
import { ACCOUNTS_MAINTENANCE_QUEUE, SessionPurge } from './sessions/session-purge.js';
import { Session } from './sessions/session.entity.js';
import { SessionsService } from './sessions/sessions.service.js';
import { Setting } from './settings/setting.entity.js';
import { SettingsController } from './settings/settings.controller.js';
import { SettingsService } from './settings/settings.service.js';
import { PlatformStatsController } from './stats/platform-stats.controller.js';
import { PlatformStatsService } from './stats/platform-stats.service.js';
import { ProfileController } from './users/profile.controller.js';
import { User } from './users/user.entity.js';
import { UsersController } from './users/users.controller.js';
import { UsersService } from './users/users.service.js';
import { UserValidationService } from './validation/user-validation.service.js';
import { ValidationController } from './validation/validation.controller.js';

/** Entities of the `accounts` schema (also listed in `accountsStorage`). */
export const ACCOUNTS_ENTITIES = [User, Session, Setting, RecoveryToken, Enrolment];

@Global()
@Module({})
export class AccountsModule {
  static forRoot(config: AccountsConfig): DynamicModule {
    return {
      module: AccountsModule,
      imports: [
        TypeOrmModule.forFeature(ACCOUNTS_ENTITIES, 'accounts'),
        BullModule.forRootAsync({
          inject: [INFRA],
          useFactory: (infra: Infra) => ({ connection: infra.bullConnection, prefix: infra.queuePrefix }),
        }),
        BullModule.registerQueue(
          { name: MAIL_REQUESTS_QUEUE },
          { name: ACCOUNTS_MAINTENANCE_QUEUE },
          { name: MY_DATA_QUEUE },
          { name: RESULTS_MAIL_QUEUE },
        ),
      ],
      controllers: [
        LoginController,
        ProfileController,
        MyDataController,
        AccountDeletionController,
        RegistrationController,
        RecoveryController,
        DataRequestsController,
        UsersController,
        UsersAdminCreateController,
        PlatformStatsController,
        SettingsController,
        ValidationController,
        EnrolmentController,
        InvitationsInternalController,
      ],
      providers: [
        { provide: ACCOUNTS_CONFIG, useValue: config },
        UsersService,
        PlatformStatsService,
        SessionsService,
        SessionPurge,
        UserValidationService,
        SettingsService,
        RateLimitService,
        RecoveryService,
        MailRequestsProducer,
        MailRequestsReadiness,
        ConsultationCategories,
        MembersService,
        EnrolmentsService,
        DemoParticipants,
        InvitationsInternalService,
        ConsultationUserData,
        MyDataArchives,
        ConsultationResults,
        ResultsAnnouncer,
        DataRequests,
        AccountDeletion,
      ],
      exports: [UsersService, SessionsService, SettingsService, RateLimitService, ACCOUNTS_CONFIG],
    };
  }
}
