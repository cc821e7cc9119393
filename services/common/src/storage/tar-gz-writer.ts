import { once } from 'node:events';
import type { Readable } from 'node:stream';
import { createGzip, type Gzip } from 'node:zlib';
import { Header, Pax } from 'tar';

const BLOCK = 512;

/**
 * Writes a .tar.gz entry by entry with backpressure: `output` is the gzip stream to hand to whoever stores it.
 * Memory stays flat whatever the number and size of the entries.
 */
export class TarGzWriter {
  readonly output: Gzip = createGzip({ level: 6 });

  private async write(buf: Buffer): Promise<void> {
    if (!this.output.write(buf)) await once(this.output, 'drain');
  }

  private async header(name: string, size: number, mtime: Date): Promise<void> {
    const header = new Header({
      path: name,
      mode: 0o644,
      uid: 0,
      gid: 0,
      size,
      mtime,
      type: 'File',
      uname: '',
      gname: '',
    });
    const block = Buffer.alloc(BLOCK);
    if (header.encode(block, 0)) await this.write(new Pax({ path: name, mtime }).encode());
    await this.write(block);
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest));
  }

  async addBuffer(name: string, data: Buffer, mtime = new Date()): Promise<void> {
    await this.header(name, data.length, mtime);
    await this.write(data);
    await this.pad(data.length);
  }

  /** Adds a file of exactly `size` bytes read from `stream` (a different length is an error). */
  async addStream(name: string, size: number, stream: Readable, mtime = new Date()): Promise<void> {
    await this.header(name, size, mtime);
    let written = 0;
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      written += chunk.length;
      if (written > size) break;
      await this.write(chunk);
    }
    if (written !== size) {
      stream.destroy();
      throw new Error(`file ${name} changed while it was archived (${written} bytes instead of ${size})`);
    }
    await this.pad(size);
  }

  /** Writes the end-of-archive blocks and ends the gzip stream. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2));
    this.output.end();
  }
}
