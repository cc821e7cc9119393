import { startMailWorker } from './worker-app.js';

// The mail worker alone, without HTTP (run the service itself with MAIL_WORKER=off).
const worker = await startMailWorker(process.env);
let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  await worker.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());
