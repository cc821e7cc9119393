import { runService } from '@agora/common';
import { consultationService } from './index.js';

await runService(consultationService, process.env);
