/** The invitations' settings (`InvitationConfig`). */
export const INVITATION_CONFIG = Symbol('mailing.invitation.config');
