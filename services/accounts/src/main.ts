import { runService } from '@agora/common';
import { accountsService } from './index.js';

await runService(accountsService(process.env), process.env);
