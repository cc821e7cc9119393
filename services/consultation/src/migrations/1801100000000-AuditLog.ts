import { auditLogMigration } from '@agora/common';

/** The consultation service's audit log of staff actions (docs/decisions/0084-audit-log.md). */
export const AuditLog1801100000000 = auditLogMigration('consultation', 1801100000000);
