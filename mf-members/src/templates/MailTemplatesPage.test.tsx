import { fireEvent, screen } from '@testing-library/react';
import { Notifications } from '@agora/platform';
import { adminUser, click, mockFetch, renderWeb } from '../../../scripts/jest/web';
import App from '../App';

const LIST = [
  {
    name: 'enrolment',
    shortcodes: ['firstname', 'lastname', 'category', 'role', 'link'],
    locales: ['el', 'en'],
  },
  {
    name: 'invitation',
    shortcodes: ['firstname', 'lastname', 'email', 'link', 'message'],
    locales: ['el', 'en'],
  },
];
const INVITATION = {
  name: 'invitation',
  shortcodes: ['firstname', 'lastname', 'email', 'link', 'message'],
  el: { subject: 'Πρόσκληση', html: '<p>Αγαπητέ/ή [firstname]</p>', text: 'Αγαπητέ/ή [firstname]' },
  en: { subject: 'Invitation', html: '<p>Dear [firstname]</p>', text: '' },
};

function render(route: string, locale: 'el' | 'en' = 'en') {
  return renderWeb(
    <>
      <App basePath="" />
      <Notifications />
    </>,
    { route, user: adminUser, locale },
  );
}

const field = (label: RegExp) => screen.getByLabelText(label) as HTMLInputElement;
const notes = () =>
  screen.queryAllByTestId('notification').map((n) => n.textContent?.replace('×', '').trim() ?? '');

describe('e-mail templates', () => {
  it('opens the first template, lists its shortcodes with their meaning, and switches templates', async () => {
    mockFetch({
      'GET /api/mailTemplate': { status: 200, body: LIST },
      'GET /api/mailTemplate/name/enrolment': {
        status: 200,
        body: { ...INVITATION, name: 'enrolment', shortcodes: LIST[0]!.shortcodes },
      },
      'GET /api/mailTemplate/name/invitation': { status: 200, body: INVITATION },
    });
    await render('/admin/settings/templates');
    expect(await screen.findByRole('heading', { name: 'E-mail templates' })).toBeTruthy();
    const select = (await screen.findByLabelText(/^Template/)) as HTMLSelectElement;
    expect(select.value).toBe('enrolment');
    expect([...select.options].map((o) => o.textContent)).toEqual(['Enrolment notice', 'Invitation']);
    expect((await screen.findByTestId('template-shortcodes')).textContent).toContain(
      '[category]the name of the consultation category',
    );
    fireEvent.change(select, { target: { value: 'invitation' } });
    expect((await screen.findByTestId('template-shortcodes')).textContent).toContain('[message]');
    expect(field(/^Subject/).value).toBe('Invitation');
  });

  it('edits a locale, previews it with sample values in a sandboxed frame, and saves the edited locale', async () => {
    const calls = mockFetch({
      'GET /api/mailTemplate': { status: 200, body: LIST },
      'GET /api/mailTemplate/name/invitation': { status: 200, body: INVITATION },
      'POST /api/mailTemplate/preview': {
        status: 200,
        body: { subject: 'Πρόσκληση για Μαρία', html: '<p>Αγαπητέ/ή Μαρία</p>', text: 'Αγαπητέ/ή Μαρία' },
      },
      'PUT /api/mailTemplate/name/invitation/locale/el': (call) => ({
        status: 200,
        body: call.body as object,
      }),
    });
    await render('/admin/settings/templates/invitation', 'el');
    expect(await screen.findByRole('tab', { name: 'Ελληνικά', selected: true })).toBeTruthy();
    expect(field(/^Θέμα/).value).toBe('Πρόσκληση');
    const save = screen.getByTestId('template-save') as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fireEvent.change(field(/^Θέμα/), { target: { value: 'Πρόσκληση για [firstname]' } });
    expect(save.disabled).toBe(false);

    await click(screen.getByTestId('template-preview-button'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'invitation',
      locale: 'el',
      subject: 'Πρόσκληση για [firstname]',
      html: '<p>Αγαπητέ/ή [firstname]</p>',
      text: 'Αγαπητέ/ή [firstname]',
    });
    expect(screen.getByTestId('preview-subject').textContent).toBe('Πρόσκληση για Μαρία');
    const frame = screen.getByTestId('preview-html');
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain('<p>Αγαπητέ/ή Μαρία</p>');
    expect(screen.getByTestId('preview-text').textContent).toBe('Αγαπητέ/ή Μαρία');

    // the English tab holds its own parts
    fireEvent.click(screen.getByRole('tab', { name: 'Αγγλικά' }));
    expect(field(/^Θέμα/).value).toBe('Invitation');

    await click(save);
    const puts = calls.filter((c) => c.method === 'PUT');
    expect(puts.map((c) => c.url)).toEqual(['/api/mailTemplate/name/invitation/locale/el']);
    expect(puts[0]!.body).toEqual({ ...INVITATION.el, subject: 'Πρόσκληση για [firstname]' });
    expect(notes()).toHaveLength(1);
    expect(save.disabled).toBe(true);
  });

  it('says why a save was refused', async () => {
    mockFetch({
      'GET /api/mailTemplate': { status: 200, body: LIST },
      'GET /api/mailTemplate/name/invitation': { status: 200, body: INVITATION },
      'PUT /api/mailTemplate/name/invitation/locale/en': {
        status: 400,
        body: { Error: 'x', code: 'MAIL.TEMPLATE_EMPTY' },
      },
    });
    await render('/admin/settings/templates/invitation');
    fireEvent.click(await screen.findByRole('tab', { name: 'English' }));
    fireEvent.change(field(/^HTML part/), { target: { value: '<script>x()</script>' } });
    await click(screen.getByTestId('template-save'));
    expect(notes()).toEqual(['The e-mail template needs an HTML or a plain-text part.']);
  });

  it('shows an unknown template as not found', async () => {
    mockFetch({
      'GET /api/mailTemplate': { status: 200, body: LIST },
      'GET /api/mailTemplate/name/nothing': {
        status: 404,
        body: { Error: 'template not found', code: 'MAIL.TEMPLATE_NOT_FOUND' },
      },
    });
    await render('/admin/settings/templates/nothing');
    expect(await screen.findByText('E-mail template not found.')).toBeTruthy();
  });
});
