import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { screen } from '@testing-library/react';
import { renderWeb } from '../../../../scripts/jest/web';
import el from '../messages/el.json';
import en from '../messages/en.json';
import { TextField } from './fields';
import { PATTERN_MESSAGES } from './patternMessages';

const SERVICES = resolve(__dirname, '../../../../services');
/** The rule tables that moved beside the schemas that check them. */
const CONTRACT_SCHEMAS = resolve(__dirname, '../../../contracts/src/api');

function ruleFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'dist' ? [] : ruleFiles(path);
    return /rules\.ts$/.test(name) && !/\.(spec|int)\.ts$/.test(name) ? [path] : [];
  });
}

/** The pattern messages the services serve: `message: '…'` of their rule files and their `…_MESSAGE` constants. */
function servedMessages(): string[] {
  const found = new Set<string>();
  const constants = new Map<string, string>();
  const schemaFiles = (readdirSync(CONTRACT_SCHEMAS, { recursive: true }) as string[])
    .filter((name) => /\.ts$/.test(name) && !/\.(spec|test)\.ts$/.test(name))
    .map((name) => join(CONTRACT_SCHEMAS, name));
  const ruleTexts = [
    ...readdirSync(SERVICES)
      .flatMap((s) => ruleFiles(join(SERVICES, s, 'src')))
      .map((file) => readFileSync(file, 'utf8')),
    // in the schema files, only the rule tables' entries (a `validation` pattern, or a pattern's message constant)
    ...schemaFiles.map((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => /validation:|^\s*message:\s*[A-Z_]+_MESSAGE\b/.test(line))
        .join('\n'),
    ),
  ];
  for (const text of ruleTexts) {
    for (const m of text.matchAll(/message:\s*(['"])(.+?)\1/g)) found.add(m[2]!);
    for (const m of text.matchAll(/message:\s*([A-Z_]+_MESSAGE)\b/g)) constants.set(m[1]!, '');
  }
  // the constants may live in other files of the services
  const all = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : all(path);
      return name.endsWith('.ts') ? [path] : [];
    });
  for (const file of [...all(SERVICES), ...schemaFiles]) {
    for (const m of readFileSync(file, 'utf8').matchAll(/\b([A-Z_]+_MESSAGE)\s*=\s*(['"])(.+?)\2/g)) {
      if (constants.has(m[1]!)) found.add(m[3]!);
    }
  }
  return [...found].sort();
}

describe('pattern messages', () => {
  it('has a translation in el and en for every pattern message a service serves', () => {
    const served = servedMessages();
    expect(served).toEqual(
      expect.arrayContaining(['invalid email address', "lowercase Latin letters, digits, '-' and '_'"]),
    );
    expect(served.filter((m) => !PATTERN_MESSAGES[m])).toEqual([]);
    for (const id of Object.values(PATTERN_MESSAGES)) {
      expect([id, typeof (el as Record<string, string>)[id]]).toEqual([id, 'string']);
      expect([id, typeof (en as Record<string, string>)[id]]).toEqual([id, 'string']);
    }
  });

  it.each([
    [
      'el',
      'username may contain letters, digits, dots, underscores and hyphens',
      'Μόνο γράμματα, ψηφία, τελείες, κάτω παύλες και παύλες.',
    ],
    ['el', 'invalid email address', 'Μη έγκυρη διεύθυνση e-mail.'],
    [
      'el',
      'password must contain a letter and a digit',
      'Ο κωδικός πρέπει να περιέχει ένα γράμμα και ένα ψηφίο.',
    ],
    ['el', 'invalid phone number', 'Μη έγκυρος αριθμός τηλεφώνου.'],
    ['en', 'invalid phone number', 'Invalid phone number.'],
    ['el', 'some rule without a translation', 'Μη έγκυρη τιμή.'],
  ] as const)('names the rule of a pattern error in %s: %s', async (locale, message, text) => {
    await renderWeb(
      <TextField
        name="f"
        label="Field"
        value="x"
        onChange={() => undefined}
        error={{ rule: 'pattern', message }}
      />,
      { locale },
    );
    expect(screen.getByTestId(/^error-/).textContent).toBe(text);
  });
});
