import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type {
  InvitationAnswer,
  InvitationBatchAnswer,
  InvitationReportRow,
  InvitationValidateAnswer,
} from '@agora/contracts/api';
import type { SessionUser } from '@agora/contracts';
import { ConfirmHost, notificationsAtom } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb, type FakeRoutes } from '../../../scripts/jest/web';
import App from '../App';
import { sampleCsv } from './InstructionsTab';

const LIST_URL = '/api/invitation/sort/created/sort_method/desc/page/1';
const VALIDATE = 'POST /api/invitation/scope/validate';
const BATCH = '5b0c3f5e-7d3a-4c55-9a43-1f1a2b3c4d5e';

const row = (line: number, over: Partial<InvitationReportRow> = {}): InvitationReportRow => ({
  line,
  firstname: `Όνομα${line}`,
  lastname: `Επώνυμο${line}`,
  email: `p${line}@example.org`,
  enrolment: { urban: 'expert' },
  valid: true,
  invite: true,
  comment: null,
  ...over,
});

const REPORT: InvitationValidateAnswer = {
  values: [
    row(2),
    row(3, { email: 'not-an-email', valid: false, invite: false, comment: 'MAILING.CSV_BAD_EMAIL' }),
    row(4, { valid: true, invite: false, comment: 'MAILING.ALREADY_USER', enrolment: {} }),
    row(5, {
      enrolment: { nowhere: 'normal' },
      valid: false,
      invite: false,
      comment: 'MAILING.CSV_UNKNOWN_CATEGORY',
    }),
  ],
  summary: { rows: 4, valid: 2, invite: 1, enrol: 1, invalid: 2 },
};

const invitation = (n: number, over: Partial<InvitationAnswer> = {}): InvitationAnswer => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  firstname: `First${n}`,
  lastname: `Last${n}`,
  email: `i${n}@example.org`,
  enrolment: { urban: 'normal' },
  locale: 'en',
  created: '2026-11-20T09:00:00Z',
  accepted: null,
  cancelled: null,
  with_oauth: false,
  expires: '2026-12-20T09:00:00Z',
  status: 'sent',
  last_error: null,
  batch: BATCH,
  ...over,
});

const page = (values: InvitationAnswer[]) => ({ values, page: 1, total_pages: 1, total: values.length });

async function render(routes: FakeRoutes, locale: 'el' | 'en' = 'en', user: SessionUser = adminUser) {
  document.cookie = 'token=tok';
  const calls = mockFetch({ [`GET ${LIST_URL}`]: { status: 200, body: page([]) }, ...routes });
  const result = await renderWeb(
    <>
      <App basePath="" />
      <ConfirmHost />
    </>,
    { route: '/admin/administration/invitations', user, locale },
  );
  return { ...result, calls };
}

function csvFile(name = 'people.csv', text = 'firstname,lastname,email\n'): File {
  return new File([text], name, { type: name.endsWith('.csv') ? 'text/csv' : 'application/pdf' });
}

async function choose(file: File) {
  await act(async () => {
    fireEvent.change(screen.getByTestId('invitation-file'), { target: { files: [file] } });
  });
}

const lastNote = (store: Awaited<ReturnType<typeof render>>['store']) => store.get(notificationsAtom).at(-1);

describe('mf-members invitations', () => {
  it('shows the three tabs and the list sorted by created, newest first', async () => {
    const { calls } = await render({
      [`GET ${LIST_URL}`]: {
        status: 200,
        body: page([
          invitation(1, { status: 'bounced', last_error: '550 5.1.1 mailbox unavailable' }),
          invitation(2, { status: 'accepted', accepted: '2026-11-21T10:00:00Z' }),
        ]),
      },
    });
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual([
      'Invitations',
      'Email',
      'Instructions',
    ]);
    const rows = await screen.findAllByTestId('invitation-row');
    expect(rows).toHaveLength(2);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByTestId('invitation-status').textContent).toBe('Bounced');
    expect(first.getByTestId('invitation-smtp').textContent).toBe(
      'Mail server: 550 5.1.1 mailbox unavailable',
    );
    expect(first.getByRole('button', { name: 'Resend' })).toBeTruthy();
    const second = within(rows[1] as HTMLElement);
    expect(second.getByTestId('invitation-status').textContent).toBe('Accepted');
    expect(second.queryByRole('button', { name: 'Resend' })).toBeNull();
    expect(calls.map((c) => c.url)).toEqual([LIST_URL]);
  });

  it('filters the list by accepted and with_oauth, and searches', async () => {
    jest.useFakeTimers();
    try {
      const { calls } = await render({
        [`GET ${LIST_URL}/fq/accepted:false`]: { status: 200, body: page([invitation(1)]) },
        [`GET ${LIST_URL}/fq/accepted:false;with_oauth:true`]: { status: 200, body: page([]) },
        [`GET /api/invitation/sort/created/sort_method/desc/page/1/query/maria/fq/accepted:false;with_oauth:true`]:
          {
            status: 200,
            body: page([]),
          },
      });
      await act(async () => {
        fireEvent.change(screen.getByLabelText('Accepted'), { target: { value: 'false' } });
      });
      await act(async () => {
        fireEvent.change(screen.getByLabelText('With OAuth'), { target: { value: 'true' } });
      });
      await act(async () => {
        fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'maria' } });
      });
      await act(async () => {
        jest.advanceTimersByTime(500);
      });
      await waitFor(() =>
        expect(calls.map((c) => c.url)).toEqual([
          LIST_URL,
          `${LIST_URL}/fq/accepted:false`,
          `${LIST_URL}/fq/accepted:false;with_oauth:true`,
          '/api/invitation/sort/created/sort_method/desc/page/1/query/maria/fq/accepted:false;with_oauth:true',
        ]),
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses a file that is not a .csv before sending anything, and requires one', async () => {
    const { calls } = await render({});
    await click(screen.getByTestId('invitation-validate'));
    expect(screen.getByTestId('invitation-file-error').textContent).toBe('Please choose a .csv file.');
    await choose(csvFile('people.pdf'));
    expect(screen.getByTestId('invitation-file-error').textContent).toBe('Only .csv files are accepted.');
    await click(screen.getByTestId('invitation-validate'));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('validates (a dry run) and shows the report: errors first, comments translated, counts', async () => {
    const { calls } = await render({ [VALIDATE]: { status: 200, body: REPORT } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Καλώς ήρθατε' } });
    await choose(csvFile());
    await click(screen.getByTestId('invitation-validate'));
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.url).toBe('/api/invitation/scope/validate');
    const form = post?.body as FormData;
    expect(form.get('message')).toBe('Καλώς ήρθατε');
    expect(form.get('locale')).toBe('en');
    expect((form.get('file') as File).name).toBe('people.csv');

    const rows = await screen.findAllByTestId('report-row');
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    );
    expect(cells.map((c) => c[0])).toEqual(['3', '5', '4', '2']);
    expect(cells[0]).toEqual([
      '3',
      'Όνομα3 Επώνυμο3',
      'not-an-email',
      'urban: Expert',
      'No',
      'No',
      'The e-mail address is not valid.',
    ]);
    expect(cells[1]?.[6]).toBe('There is no category with this short name.');
    expect(cells[2]?.[6]).toBe('Already a user: they will be enrolled and notified instead of invited.');
    expect(cells[3]?.slice(4)).toEqual(['Yes', 'Yes', '']);
    expect(screen.getByTestId('invitation-summary').textContent).toBe(
      'Rows: 4Valid: 2To invite: 1Existing users to enrol: 1With errors: 2',
    );

    await act(async () => {
      fireEvent.change(screen.getByLabelText('Show'), { target: { value: 'invalid' } });
    });
    expect(screen.getAllByTestId('report-row')).toHaveLength(2);
    expect((screen.getByTestId('invitation-send') as HTMLButtonElement).disabled).toBe(false);
  });

  it('translates the comments and the refusals in Greek', async () => {
    const { store } = await render(
      {
        [VALIDATE]: { status: 200, body: REPORT },
      },
      'el',
    );
    await choose(csvFile());
    await click(screen.getByTestId('invitation-validate'));
    const rows = await screen.findAllByTestId('report-row');
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[6]?.textContent).toBe(
      'Η διεύθυνση ηλεκτρονικού ταχυδρομείου δεν είναι έγκυρη.',
    );
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[3]?.textContent).toBe('urban: Ειδικός');
    expect(screen.getByTestId('summary-invalid').textContent).toBe('Με σφάλματα: 2');
    expect(store.get(notificationsAtom)).toEqual([]);
  });

  it('shows the refusal of a file that is not CSV by its code, and no report', async () => {
    const { store } = await render({
      [VALIDATE]: {
        status: 400,
        body: { Error: 'not a CSV file', code: 'MAILING.CSV_INVALID' },
      },
    });
    await choose(csvFile());
    await click(screen.getByTestId('invitation-validate'));
    expect(lastNote(store)).toMatchObject({ type: 'danger', body: 'platform.error.MAILING.CSV_INVALID' });
    expect(screen.queryByTestId('invitation-report')).toBeNull();
  });

  it('offers only .csv files, and shows the server refusing a file by its type, in English and Greek', async () => {
    for (const [locale, text] of [
      ['en', 'The file must be a .csv file (comma- or semicolon-separated text).'],
      ['el', 'Το αρχείο πρέπει να είναι αρχείο .csv (κείμενο με διαχωριστικό κόμμα ή ερωτηματικό).'],
    ] as const) {
      const { store, unmount } = await render(
        {
          [VALIDATE]: {
            status: 400,
            body: { Error: 'the file must be a .csv file', code: 'MAILING.CSV_TYPE' },
          },
        },
        locale,
      );
      expect(screen.getByTestId('invitation-file').getAttribute('accept')).toBe('.csv');
      await choose(csvFile());
      await click(screen.getByTestId('invitation-validate'));
      expect(screen.getByTestId('invitation-file-error').textContent).toBe(text);
      expect(lastNote(store)).toMatchObject({ type: 'danger', body: 'platform.error.MAILING.CSV_TYPE' });
      expect(screen.queryByTestId('invitation-report')).toBeNull();
      unmount();
    }
  });

  it('shows a long report a page at a time', async () => {
    const many: InvitationValidateAnswer = {
      values: Array.from({ length: 120 }, (_, i) => row(i + 2)),
      summary: { rows: 120, valid: 120, invite: 120, enrol: 0, invalid: 0 },
    };
    await render({ [VALIDATE]: { status: 200, body: many } });
    await choose(csvFile());
    await click(screen.getByTestId('invitation-validate'));
    expect(await screen.findAllByTestId('report-row')).toHaveLength(50);
    await click(screen.getByRole('button', { name: 'Page 3' }));
    const rows = screen.getAllByTestId('report-row');
    expect(rows).toHaveLength(20);
    expect(within(rows[0] as HTMLElement).getAllByRole('cell')[0]?.textContent).toBe('102');
  });

  it('keeps Send disabled without a valid row', async () => {
    const bad: InvitationValidateAnswer = {
      values: [row(2, { valid: false, invite: false, comment: 'MAILING.CSV_DUPLICATE' })],
      summary: { rows: 1, valid: 0, invite: 0, enrol: 0, invalid: 1 },
    };
    await render({ [VALIDATE]: { status: 200, body: bad } });
    await choose(csvFile());
    await click(screen.getByTestId('invitation-validate'));
    await screen.findAllByTestId('report-row');
    expect((screen.getByTestId('invitation-send') as HTMLButtonElement).disabled).toBe(true);
    // no external login is configured: "send with OAuth" is not offered
    expect(screen.queryByTestId('invitation-send-oauth')).toBeNull();
  });

  it.each([
    ['invitation-send', '/api/invitation/scope/send'],
    ['invitation-send-oauth', '/api/invitation/scope/sendWithOAuth'],
  ])(
    'sends the valid rows after a confirmation with the counts (%s), then shows the batch progress',
    async (button, path) => {
      let polls = 0;
      const progress = (): InvitationBatchAnswer =>
        ++polls === 1
          ? { total: 2, queued: 2, sent: 0, failed: 0, withdrawn: 0, accepted: 0 }
          : { total: 2, queued: 0, sent: 1, failed: 0, withdrawn: 1, accepted: 0 };
      const { calls, store } = await render({
        [VALIDATE]: { status: 200, body: REPORT },
        [`POST ${path}`]: { status: 200, body: { batch: BATCH, invited: 1, enrolled: 1, skipped: 0 } },
        [`GET /api/invitation/batch/${BATCH}`]: () => ({ status: 200, body: progress() }),
        // an external login is configured: both buttons are offered
        'GET /api/settings': { status: 200, body: { isGoogleAuthEnabled: true } },
      });
      fireEvent.change(screen.getByLabelText(/^Language of the e-mails/), { target: { value: 'el' } });
      await choose(csvFile());
      await click(screen.getByTestId('invitation-validate'));
      await screen.findAllByTestId('report-row');
      expect(screen.getByTestId('invitation-send-oauth').textContent).toBe('Send with OAuth');

      await click(screen.getByTestId(button));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog.textContent).toContain('1 invitation');
      expect(dialog.textContent).toContain('enrol 1 existing user');
      expect(dialog.textContent).toContain('2 rows with errors will be left out.');
      await click(within(dialog).getByRole('button', { name: /no/i }));
      expect(calls.some((c) => c.url === path)).toBe(false);

      await click(screen.getByTestId(button));
      await click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: /yes/i }));
      expect(calls.find((c) => c.url === path)?.body).toEqual({
        message: '',
        locale: 'el',
        rows: [
          {
            firstname: 'Όνομα2',
            lastname: 'Επώνυμο2',
            email: 'p2@example.org',
            enrolment: { urban: 'expert' },
          },
          { firstname: 'Όνομα4', lastname: 'Επώνυμο4', email: 'p4@example.org', enrolment: {} },
        ],
      });
      expect(lastNote(store)).toMatchObject({
        type: 'success',
        body: '1 invitation queued, 1 existing user enrolled, 0 skipped.',
      });
      expect(screen.queryByTestId('invitation-report')).toBeNull();
      expect((await screen.findByTestId('batch-progress-text')).textContent).toBe(
        '0 of 2 processed: 0 sent, 0 failed, 0 withdrawn, 0 accepted.',
      );
      await waitFor(
        () =>
          expect(screen.getByTestId('batch-progress-text').textContent).toBe(
            '2 of 2 processed: 1 sent, 0 failed, 1 withdrawn, 0 accepted.',
          ),
        { timeout: 3000 },
      );
      // the list is read again when the send is done and when the batch is through
      expect(calls.filter((c) => c.url === LIST_URL).length).toBeGreaterThanOrEqual(2);
    },
  );

  it('does not offer to resend all when there is no invitation at all', async () => {
    await render({});
    await screen.findByText('There are no invitations.');
    expect(screen.queryByTestId('invitation-resend-all')).toBeNull();
  });

  it('resends one invitation and all those not accepted', async () => {
    const one = invitation(1, { status: 'expired' });
    const { calls, store } = await render({
      [`GET ${LIST_URL}`]: { status: 200, body: page([one]) },
      [`POST /api/invitation/id/${one.id}/resend`]: { status: 200, body: { resent: 1 } },
      'POST /api/invitation/scope/resend': { status: 200, body: { resent: 7 } },
    });
    const [first] = await screen.findAllByTestId('invitation-row');
    await click(within(first as HTMLElement).getByRole('button', { name: 'Resend' }));
    expect(lastNote(store)).toMatchObject({ type: 'success', body: '1 invitation queued again.' });
    await click(screen.getByTestId('invitation-resend-all'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Send again every invitation not accepted and not expired?');
    await click(within(dialog).getByRole('button', { name: /yes/i }));
    expect(lastNote(store)).toMatchObject({ type: 'success', body: '7 invitations queued again.' });
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/invitation/id/${one.id}/resend`,
      '/api/invitation/scope/resend',
    ]);
  });

  it('offers to withdraw and delete an invitation not accepted, and only to delete a withdrawn one', async () => {
    const pending = invitation(1);
    const accepted = invitation(2, { status: 'accepted', accepted: '2026-11-21T09:00:00Z' });
    const withdrawn = invitation(3, { status: 'cancelled', cancelled: '2026-11-22T09:00:00Z' });
    await render({ [`GET ${LIST_URL}`]: { status: 200, body: page([pending, accepted, withdrawn]) } });
    const rows = await screen.findAllByTestId('invitation-row');
    const buttons = rows.map((r) =>
      within(r)
        .queryAllByRole('button')
        .map((b) => b.textContent),
    );
    expect(buttons).toEqual([['Resend', 'Withdraw', 'Delete'], [], ['Delete']]);
    expect(within(rows[2] as HTMLElement).getByTestId('invitation-status').textContent).toBe('Withdrawn');
  });

  it('withdraws an invitation after asking, and not when the answer is no', async () => {
    const one = invitation(1);
    const { calls, store } = await render({
      [`GET ${LIST_URL}`]: { status: 200, body: page([one]) },
      [`POST /api/invitation/id/${one.id}/cancel`]: {
        status: 200,
        body: { id: one.id, cancelled: '2026-11-22T09:00:00.000Z', withdrawn_mails: 1 },
      },
    });
    const listReads = () => calls.filter((c) => c.url === LIST_URL).length;
    await click(await screen.findByTestId('invitation-cancel'));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain(
      'Withdraw the invitation of First1 Last1 (i1@example.org)? Its link will stop working',
    );
    await click(within(dialog).getByRole('button', { name: /no/i }));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);

    const before = listReads();
    await click(screen.getByTestId('invitation-cancel'));
    dialog = await screen.findByRole('alertdialog');
    await click(within(dialog).getByRole('button', { name: /yes/i }));
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/api/invitation/id/${one.id}/cancel`,
    ]);
    expect(lastNote(store)).toMatchObject({
      type: 'success',
      body: 'Invitation withdrawn: its link no longer works.',
    });
    await waitFor(() => expect(listReads()).toBeGreaterThan(before));
  });

  it('deletes an invitation after asking, and shows a refusal by its code', async () => {
    const one = invitation(1);
    const two = invitation(2, { status: 'expired' });
    const { calls, store } = await render(
      {
        [`GET ${LIST_URL}`]: { status: 200, body: page([one, two]) },
        [`DELETE /api/invitation/id/${one.id}`]: { status: 200, body: { message: 'data deleted' } },
        [`DELETE /api/invitation/id/${two.id}`]: {
          status: 409,
          body: { Error: 'invitation already accepted', code: 'MAILING.INVITATION_ACCEPTED' },
        },
      },
      'el',
    );
    const [first, second] = await screen.findAllByTestId('invitation-row');
    await click(within(first as HTMLElement).getByTestId('invitation-delete'));
    let dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Να διαγραφεί η πρόσκληση προς First1 Last1 (i1@example.org);');
    await click(within(dialog).getByRole('button', { name: /ναι/i }));
    expect(lastNote(store)).toMatchObject({ type: 'success', body: 'Η πρόσκληση διαγράφηκε.' });
    await click(within(second as HTMLElement).getByTestId('invitation-delete'));
    dialog = await screen.findByRole('alertdialog');
    await click(within(dialog).getByRole('button', { name: /ναι/i }));
    expect(lastNote(store)).toMatchObject({
      type: 'danger',
      body: 'platform.error.MAILING.INVITATION_ACCEPTED',
    });
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual([
      `/api/invitation/id/${one.id}`,
      `/api/invitation/id/${two.id}`,
    ]);
  });

  it('offers no action on the invitations to a role their routes refuse', async () => {
    const editor: SessionUser = { ...adminUser, uuid: 'u-editor', role: 'editor' };
    await render({ [`GET ${LIST_URL}`]: { status: 200, body: page([invitation(1)]) } }, 'en', editor);
    await screen.findAllByTestId('invitation-row');
    expect(screen.queryByTestId('invitation-cancel')).toBeNull();
    expect(screen.queryByTestId('invitation-delete')).toBeNull();
    expect(screen.queryByTestId('invitation-resend')).toBeNull();
    expect(screen.queryByTestId('invitation-resend-all')).toBeNull();
  });

  it('explains the e-mail template and the CSV format, with a sample file', async () => {
    await render({}, 'el');
    await click(screen.getByRole('tab', { name: 'Email' }));
    expect(screen.getByTestId('invitation-template-link').getAttribute('href')).toBe(
      '/admin/settings/templates/invitation',
    );
    expect(screen.getByTestId('invitation-shortcodes').textContent).toContain('[link]');
    await click(screen.getByRole('tab', { name: 'Οδηγίες' }));
    expect(screen.getByTestId('invitation-instructions-tab').textContent).toContain(
      'firstname, lastname, email',
    );
    expect(
      sampleCsv().startsWith('\uFEFFfirstname,lastname,email,category_1,role_1,category_2,role_2\r\n'),
    ).toBe(true);
    expect(sampleCsv()).toContain('Μαρία,Παπαδοπούλου,maria.papadopoulou@example.org,urban,expert,,');
  });
});
