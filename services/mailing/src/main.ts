import { runService } from '@agora/common';
import { createMailingService } from './service.js';

// HTTP service (with the mail worker inline unless MAIL_WORKER=off).
await runService(createMailingService(process.env), process.env);
