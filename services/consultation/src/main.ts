import { startServiceTracing } from '@agora/common/tracing';

// Tracing starts first: its instrumentations patch only the modules imported after it.
await startServiceTracing('consultation', process.env);
const { runService } = await import('@agora/common');
const { consultationService } = await import('./index.js');

await runService(consultationService, process.env);
