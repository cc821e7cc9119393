import { runService } from '@agora/common';
import { libraryService } from './index.js';

await runService(libraryService, process.env);
