import { Inject, Injectable } from '@nestjs/common';
import { LOGGER } from '@agora/common';
import type { Logger } from 'pino';
import { LIBRARY_CONFIG } from '../config/library-config.module.js';
import type { LibraryConfig } from '../config/library.config.js';
import { LibraryService } from '../library/library.service.js';
import { FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { demoLibrary } from './demo-data.js';

/** Seeds the demonstration library when `AGORA_DEMO_DATA=true` and the library is empty. */
@Injectable()
export class DemoService {
  constructor(
    @Inject(LIBRARY_CONFIG) private readonly config: LibraryConfig,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly library: LibraryService,
  ) {}

  /** Answers how many items were added (0 when disabled or when the library already has items). */
  async seed(now = new Date()): Promise<number> {
    if (!this.config.demoData || !(await this.library.isEmpty())) return 0;
    const { files, items } = demoLibrary(now);
    // Files first, under fixed keys: writing them again is harmless, a row never points to a missing file.
    for (const f of files) await this.storage.put(f.key, f.content);
    const added = await this.library.addIfEmpty(items);
    if (added) this.logger.info({ items: added }, 'demo library data added');
    return added;
  }
}
