import { auditLogMigration } from '@agora/common';

/** The accounts service's audit log of staff actions (docs/decisions/0084-audit-log.md). */
export const AuditLog1801100000000 = auditLogMigration('accounts', 1801100000000);
