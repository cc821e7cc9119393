import { AppError } from '@agora/common';
import { INVITATION_CSV_MAX_ROWS } from '@agora/contracts/api';
import { checkCsvFile, decodeCsv, detectSeparator, parseInvitationCsv } from './csv.js';

const csv = (text: string) => Buffer.from(text, 'utf8');

function refusal(run: () => unknown): { code: string; status: number; message: string } {
  try {
    run();
  } catch (e) {
    if (e instanceof AppError) return { code: e.code, status: e.status, message: e.message };
    throw e;
  }
  throw new Error('not refused');
}

describe('parseInvitationCsv', () => {
  it('reads the required columns, the category/role pairs and ignores the other columns', () => {
    const rows = parseInvitationCsv(
      csv(
        'email,FirstName, LASTNAME ,phone,category_1,role_1,category_2,role_2\n' +
          'ada@example.org,Ada,Lovelace,123,roads,expert,parks,\n' +
          'bob@example.org,Bob,Builder,,,,,\n',
      ),
    );
    expect(rows).toEqual([
      {
        line: 2,
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.org',
        enrolments: [
          { category: 'roads', role: 'expert' },
          { category: 'parks', role: 'normal' },
        ],
      },
      { line: 3, firstname: 'Bob', lastname: 'Builder', email: 'bob@example.org', enrolments: [] },
    ]);
  });

  it('drops a UTF-8 BOM and reads ";" separated Greek rows as Greek Excel writes them', () => {
    const rows = parseInvitationCsv(
      Buffer.concat([
        Buffer.from([0xef, 0xbb, 0xbf]),
        csv(
          'firstname;lastname;email;category_1;role_1\r\nΜαρία;Παπαδοπούλου;maria@example.gr;δρόμοι;Expert\r\n',
        ),
      ]),
    );
    expect(rows).toEqual([
      {
        line: 2,
        firstname: 'Μαρία',
        lastname: 'Παπαδοπούλου',
        email: 'maria@example.gr',
        enrolments: [{ category: 'δρόμοι', role: 'expert' }],
      },
    ]);
  });

  it('reads quoted fields with separators, doubled quotes and line breaks', () => {
    const rows = parseInvitationCsv(
      csv(
        'firstname,lastname,email\n"Ada, Countess","Love""lace","ada@example.org"\n"Multi\nline",X,x@example.org\nAfter,Y,y@example.org\n',
      ),
    );
    expect(rows.map((r) => [r.line, r.firstname, r.lastname, r.email])).toEqual([
      [2, 'Ada, Countess', 'Love"lace', 'ada@example.org'],
      [3, 'Multi\nline', 'X', 'x@example.org'],
      [5, 'After', 'Y', 'y@example.org'],
    ]);
  });

  it('takes the separator of the header line, not of quoted text', () => {
    expect(detectSeparator('"a;b;c",x,y\n1;2;3')).toBe(',');
    expect(detectSeparator('a;b,c;d\n')).toBe(';');
    expect(detectSeparator('firstname\n')).toBe(',');
  });

  it('reads a Windows-1253 (Greek, not UTF-8) file', () => {
    // "Αθηνά" in Windows-1253
    const greek = Buffer.from([0xc1, 0xe8, 0xe7, 0xed, 0xdc]);
    const rows = parseInvitationCsv(
      Buffer.concat([csv('firstname;lastname;email\n'), greek, csv(';K;a@example.org\n')]),
    );
    expect(rows[0]!.firstname).toBe('Αθηνά');
    expect(decodeCsv(greek)).toBe('Αθηνά');
  });

  it('names the missing required columns', () => {
    expect(refusal(() => parseInvitationCsv(csv('firstname,mail\nAda,a@example.org\n')))).toEqual({
      code: 'MAILING.CSV_COLUMNS',
      status: 400,
      message: 'missing columns: lastname, email',
    });
  });

  it('refuses what is not a CSV: binary, empty, no header, broken quoting', () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]);
    for (const file of [
      png,
      Buffer.alloc(0),
      csv('\n\n'),
      csv('Ada,Lovelace,ada@example.org\n'),
      csv('firstname,lastname,email\n"Ada,Lovelace,ada@example.org\n'),
    ]) {
      expect(refusal(() => parseInvitationCsv(file)).code).toBe('MAILING.CSV_INVALID');
    }
  });

  it('refuses more than 10,000 rows and more than 5 MB', () => {
    const many = 'firstname,lastname,email\n' + 'A,B,a@example.org\n'.repeat(INVITATION_CSV_MAX_ROWS + 1);
    expect(refusal(() => parseInvitationCsv(csv(many)))).toMatchObject({
      code: 'MAILING.CSV_TOO_LARGE',
      status: 400,
    });
    expect(refusal(() => parseInvitationCsv(Buffer.alloc(5 * 1024 * 1024 + 1, 0x41)))).toMatchObject({
      code: 'MAILING.CSV_TOO_LARGE',
      status: 413,
    });
  });

  it('reads 10,000 rows, numbering every line', () => {
    const lines = ['firstname,lastname,email,category_1,role_1'];
    for (let i = 0; i < INVITATION_CSV_MAX_ROWS; i++)
      lines.push(`Όνομα${i},Επώνυμο${i},user${i}@example.org,c${i % 7},normal`);
    const rows = parseInvitationCsv(csv(lines.join('\n')));
    expect(rows).toHaveLength(INVITATION_CSV_MAX_ROWS);
    expect(rows[9_999]).toEqual({
      line: 10_001,
      firstname: 'Όνομα9999',
      lastname: 'Επώνυμο9999',
      email: 'user9999@example.org',
      enrolments: [{ category: 'c3', role: 'normal' }],
    });
  });

  it('skips empty lines but keeps the line numbers of the file', () => {
    const rows = parseInvitationCsv(csv('firstname,lastname,email\n\nA,B,a@example.org\n'));
    expect(rows.map((r) => r.line)).toEqual([3]);
  });
});

describe('checkCsvFile', () => {
  const file = (originalname: string, mimetype: string) => ({ originalname, mimetype });

  it('takes a file named .csv sent as text, as a spreadsheet type or as an unknown type', () => {
    for (const type of [
      'text/csv',
      'text/plain; charset=utf-8',
      'application/vnd.ms-excel',
      '',
      'application/octet-stream',
    ]) {
      expect(() => checkCsvFile(file('People.CSV', type))).not.toThrow();
    }
  });

  it('refuses another name or a media type that is not text', () => {
    for (const [name, type] of [
      ['people.txt', 'text/plain'],
      ['people', 'text/csv'],
      ['people.csv.pdf', 'application/pdf'],
      ['people.csv', 'application/pdf'],
      ['people.csv', 'image/png'],
      ['people.csv', 'application/zip'],
    ] as const) {
      expect([name, type, refusal(() => checkCsvFile(file(name, type)))]).toEqual([
        name,
        type,
        expect.objectContaining({ code: 'MAILING.CSV_TYPE', status: 400 }),
      ]);
    }
  });
});
