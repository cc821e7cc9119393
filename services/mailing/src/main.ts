import { startServiceTracing } from '@agora/common/tracing';

// Tracing starts first: its instrumentations patch only the modules imported after it.
await startServiceTracing('mailing', process.env);
const { runService } = await import('@agora/common');
const { createMailingService } = await import('./service.js');

// HTTP service (with the mail worker inline unless MAIL_WORKER=off).
await runService(createMailingService(process.env), process.env);
