import { startServiceTracing } from '@agora/common/tracing';

// Tracing starts first: its instrumentations patch only the modules imported after it.
await startServiceTracing('accounts', process.env);
const { runService } = await import('@agora/common');
const { accountsService } = await import('./index.js');

await runService(accountsService(process.env), process.env);
