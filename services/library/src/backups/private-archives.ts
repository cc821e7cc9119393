import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import { LOGGER } from '@agora/common';
import type { Logger } from 'pino';
import { FILE_STORAGE, PRIVATE_FILE_STORAGE, type FileStorage } from '@agora/common/storage';
import { BACKUPS_PREFIX } from './backup-content.js';

/**
 * Moves the archives that earlier versions kept in the public storage (`backups/…`) to the private one, under
 * the same key. Idempotent, and safe when several instances start at once: a file already moved (or being
 * moved by another instance) is skipped, a copy is written atomically before the public one is removed, and an
 * archive already in the private storage with the same size is only removed from the public one. Answers the
 * number of files moved.
 */
export async function moveArchivesToPrivate(
  publicStorage: FileStorage,
  privateStorage: FileStorage,
): Promise<number> {
  let moved = 0;
  for (const entry of await publicStorage.list(BACKUPS_PREFIX)) {
    const existing = await privateStorage.stat(entry.key);
    if (!existing || existing.size !== entry.size) {
      const file = await publicStorage.get(entry.key);
      if (!file) continue; // removed meanwhile (by another instance's move)
      await privateStorage.put(entry.key, file.stream);
      moved += 1;
    }
    await publicStorage.delete(entry.key);
  }
  return moved;
}

/** Runs `moveArchivesToPrivate` before the service answers requests. */
@Injectable()
export class PrivateArchivesMove implements OnModuleInit {
  constructor(
    @Inject(FILE_STORAGE) private readonly publicStorage: FileStorage,
    @Inject(PRIVATE_FILE_STORAGE) private readonly privateStorage: FileStorage,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onModuleInit(): Promise<void> {
    const moved = await moveArchivesToPrivate(this.publicStorage, this.privateStorage);
    if (moved > 0) this.logger.info({ moved }, 'backup archives moved out of the public storage');
  }
}
