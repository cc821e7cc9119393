import { startServiceTracing } from '@agora/common/tracing';

try {
  // Tracing starts first: its instrumentations patch only the modules imported after it.
  await startServiceTracing('accounts', process.env);
  const { runService } = await import('@agora/common');
  const { accountsService } = await import('./index.js');
  await runService(accountsService(process.env), process.env);
} catch (err) {
  // a refused configuration (e.g. PUBLIC_URL in production): one fatal log line naming it, and exit code 1
  const { exitOnConfigError } = await import('@agora/common');
  exitOnConfigError('accounts', err);
}
