import { Module, type DynamicModule } from '@nestjs/common';
import type { InvitationConfig } from '../config.js';
import { TemplatesModule } from '../templates/templates.module.js';
import { INVITATION_CONFIG } from './invitation.tokens.js';
import { InvitationAcceptance } from './acceptance.js';
import { InvitationDryRun } from './dry-run.js';
import { InvitationsController } from './invitations.controller.js';
import { InvitationListing } from './listing.js';
import { InvitationLoginTickets } from './login-tickets.js';
import { InvitationMails } from './mails.js';
import { InvitationPeers } from './peers.js';
import { InvitationResending } from './resending.js';
import { InvitationSending } from './sending.js';
import { InvitationWithdrawal } from './withdrawal.js';

/**
 * Invitations by mail: the CSV's dry run, the batches, the list, resending, withdrawing and deleting, and the accept
 * page's routes.
 */
@Module({})
export class InvitationsModule {
  /** `mail`: the service's own mail module (the same dynamic module object, so the same MailService). */
  static forRoot(config: InvitationConfig, mail: DynamicModule): DynamicModule {
    return {
      module: InvitationsModule,
      imports: [mail, TemplatesModule],
      controllers: [InvitationsController],
      providers: [
        { provide: INVITATION_CONFIG, useValue: config },
        InvitationPeers,
        InvitationLoginTickets,
        InvitationMails,
        InvitationDryRun,
        InvitationSending,
        InvitationListing,
        InvitationResending,
        InvitationAcceptance,
        InvitationWithdrawal,
      ],
    };
  }
}
