import { Injectable, Logger, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { pino } from 'pino';
import { PinoNestLogger } from './nest-logger.js';

interface Line {
  level: number;
  msg: string;
  context?: string;
  stack?: string;
  err?: { message: string };
  [key: string]: unknown;
}

function capture(level: string) {
  const lines: Line[] = [];
  const logger = pino({ level }, { write: (l: string) => void lines.push(JSON.parse(l) as Line) });
  return { lines, nest: new PinoNestLogger(logger) };
}

describe("Nest's log lines through pino", () => {
  it('writes each level as a JSON line with its context; an error with its stack', () => {
    const { lines, nest } = capture('trace');
    nest.error('could not start', 'Error: boom\n    at x', 'InstanceLoader');
    nest.warn('slow', 'Queue');
    nest.log('Mapped {/x, GET} route', 'RouterExplorer');
    nest.verbose('details');
    nest.fatal(new Error('gone'));
    expect(lines.map(({ level, msg, context, stack }) => ({ level, msg, context, stack }))).toEqual([
      { level: 50, msg: 'could not start', context: 'InstanceLoader', stack: 'Error: boom\n    at x' },
      { level: 40, msg: 'slow', context: 'Queue', stack: undefined },
      { level: 20, msg: 'Mapped {/x, GET} route', context: 'RouterExplorer', stack: undefined },
      { level: 10, msg: 'details', context: undefined, stack: undefined },
      { level: 60, msg: 'gone', context: undefined, stack: undefined },
    ]);
    expect(lines[4]!.err?.message).toBe('gone');
  });

  it("is the logger of a Nest application and of Nest's Logger class in its providers", async () => {
    const { lines, nest } = capture('info');
    @Injectable()
    class Talker {
      private readonly logger = new Logger('Talker');
      onModuleInit() {
        this.logger.warn('warned from a provider');
      }
    }
    @Module({ providers: [Talker] })
    class AppModule {}
    const app = await NestFactory.createApplicationContext(AppModule, { logger: nest, abortOnError: false });
    await app.close();
    // Nest's start-up lines ("Nest application successfully started" …) are debug: below info, not written
    expect(lines.map(({ level, msg, context }) => ({ level, msg, context }))).toEqual([
      { level: 40, msg: 'warned from a provider', context: 'Talker' },
    ]);
  });
});
