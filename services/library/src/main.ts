import { startServiceTracing } from '@agora/common/tracing';

// Tracing starts first: its instrumentations patch only the modules imported after it.
await startServiceTracing('library', process.env);
const { runService } = await import('@agora/common');
const { libraryService } = await import('./index.js');

await runService(libraryService, process.env);
