import { screen } from '@testing-library/react';
import type { Role } from '@agora/contracts';
import { DataTable } from '@agora/platform';
import { renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { personColumns, roleColumn, type PersonRow } from './columns';

type Row = PersonRow & { uuid: string; role: Role };

const ROW: Row = {
  uuid: 'u1',
  username: 'maria',
  firstname: 'Μαρία',
  lastname: 'Παππά',
  email: 'maria@example.org',
  role: 'editor',
};

function People() {
  return (
    <DataTable
      rows={[ROW]}
      columns={[...personColumns<Row>(), roleColumn<Row>()]}
      rowKey={(r) => r.uuid}
      caption="People"
    />
  );
}

describe('the columns of a list of people', () => {
  it('are user name, first and last name and e-mail, all sortable, then the role', () => {
    const columns = [...personColumns<Row>(), roleColumn<Row>()];
    expect(columns.map((c) => [c.key, c.sort])).toEqual([
      ['username', true],
      ['firstname', true],
      ['lastname', true],
      ['email', true],
      ['role', true],
    ]);
  });

  it('shows the e-mail breakable after its @ and the role in words, in Greek too', async () => {
    const { container } = await renderWeb(<People />, { locale: 'el', messages });
    const cells = screen.getAllByRole('cell').map((c) => c.textContent);
    expect(cells).toEqual([
      'maria',
      'Μαρία',
      'Παππά',
      'maria@example.org',
      messages.el['members.role.editor'],
    ]);
    const wbr = container.querySelector('td wbr');
    expect(wbr?.previousSibling?.textContent).toBe('maria');
    expect(wbr?.nextSibling?.textContent).toBe('@example.org');
  });
});
