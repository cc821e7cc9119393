import { startServiceTracing } from '@agora/common/tracing';

// Tracing starts first: its instrumentations patch only the modules imported after it.
await startServiceTracing('mailing', process.env);
const { startMailWorker } = await import('./worker-app.js');

// The mail worker alone, without HTTP (run the service itself with MAIL_WORKER=off).
const worker = await startMailWorker(process.env);
let stopping = false;
// SIGTERM drains: no new mail is taken, the mails in flight get the server's answer and their row its state.
const stop = async (signal: string) => {
  if (stopping) return;
  stopping = true;
  worker.logger.info({ signal }, 'mail worker stopping: finishing the mails in flight');
  await worker.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop('SIGTERM'));
process.once('SIGINT', () => void stop('SIGINT'));
