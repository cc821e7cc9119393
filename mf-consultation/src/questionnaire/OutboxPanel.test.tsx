import '../../../packages/platform/src/outbox/fakeIndexedDb.testutil';
import { act, screen, waitFor, within } from '@testing-library/react';
import { useMemo } from 'react';
import { addEntry, clearOutbox, listEntries, platformMessages } from '@agora/platform';
import { click, mockFetch, participantUser, renderWeb } from '../../../scripts/jest/web';
import { messages } from '../i18n';
import { AnswerList } from './AnswersPanel';
import { fingerprintOf } from './outbox';
import { OutboxPanel } from './OutboxPanel';
import { entriesOf } from './task';
import { attribute, POINT_ATTR, questionnaire, TOPIC } from './testData';
import { useOutbox } from './useOutbox';

const catalogue = {
  el: { ...platformMessages.el, ...messages.el },
  en: { ...platformMessages.en, ...messages.en },
};
const data = questionnaire();
const QUESTIONNAIRE = '/api/data/scope/questionnaire/category/urban-mobility/project/buses';
const NEW_ANSWER = 'POST /api/data/scope/attribute';

let online = true;
Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });

/** The outbox of the questionnaire's screen: its strip, and the answers list of the point attribute. */
function Harness() {
  const outbox = useOutbox(data, () => undefined);
  const entries = useMemo(() => entriesOf(data.topics), []);
  return (
    <>
      <OutboxPanel outbox={outbox} entries={entries} onCorrect={() => undefined} />
      <AnswerList
        attribute={attribute()}
        answers={[]}
        pending={outbox.entries.filter((e) => e.attribute === POINT_ATTR)}
        onOpen={() => undefined}
        onStats={() => undefined}
        onClose={() => undefined}
      />
    </>
  );
}

const keep = (user = participantUser.uuid) =>
  addEntry({
    user,
    category: data.category.token,
    project: data.project.token,
    topic: TOPIC,
    attribute: POINT_ATTR,
    geometry: { type: 'Point', coordinates: [23.72, 37.97] },
    fingerprint: fingerprintOf(attribute()),
  });

beforeEach(async () => {
  await clearOutbox();
  online = true;
});

describe('the answers kept on the device', () => {
  it('offline: lists them with the "Not sent yet" badge, says so, and sends nothing', async () => {
    online = false;
    await keep();
    await keep();
    await keep('someone-else');
    const calls = mockFetch({});
    await renderWeb(<Harness />, { user: participantUser, messages: catalogue });
    expect(await screen.findByTestId('outbox-offline')).toHaveProperty('textContent', 'You are offline. ');
    await screen.findByText('2 answers are waiting to be sent.');
    const list = screen.getByTestId('answer-list-pending');
    expect(within(list).getAllByText('Not sent yet')).toHaveLength(2);
    expect(calls).toEqual([]);
  });

  it('in Greek too', async () => {
    online = false;
    await keep();
    mockFetch({});
    await renderWeb(<Harness />, { user: participantUser, locale: 'el', messages: catalogue });
    expect(await screen.findByTestId('outbox-offline')).toHaveProperty(
      'textContent',
      'Δεν υπάρχει σύνδεση. ',
    );
    await screen.findByText('1 απάντηση περιμένει να σταλεί.');
    expect(within(screen.getByTestId('answer-list-pending')).getByText('Δεν έχει σταλεί ακόμη')).toBeTruthy();
  });

  it('online: sends them with their Idempotency-Key; a refused one stays with its reason until discarded', async () => {
    const refused = await keep();
    const calls = mockFetch({
      [`GET ${QUESTIONNAIRE}`]: { status: 200, body: data },
      [NEW_ANSWER]: {
        status: 403,
        body: { Error: 'closed', code: 'CONSULTATION.ANSWERING_CLOSED' },
      },
    });
    await renderWeb(<Harness />, { user: participantUser, messages: catalogue });
    const reason = await screen.findAllByTestId('pending-refused');
    expect(reason[0]!.textContent).toBe('Not accepted: Answering is closed for this project.');
    const posted = calls.filter((c) => `${c.method} ${c.url}` === NEW_ANSWER);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.headers['idempotency-key']).toBe(refused.id);
    expect(posted[0]!.body).toEqual({
      attribute: POINT_ATTR,
      node: TOPIC,
      geometry: { type: 'Point', coordinates: [23.72, 37.97] },
    });
    // not sent again by itself
    await click(screen.getByTestId('outbox-send'));
    expect(calls.filter((c) => `${c.method} ${c.url}` === NEW_ANSWER)).toHaveLength(1);
    await click(screen.getByTestId('outbox-discard'));
    await waitFor(() => expect(screen.queryByTestId('outbox')).toBeNull());
    expect(await listEntries(participantUser.uuid)).toEqual([]);
  });

  it('when the connection comes back: the answer is made and the entry goes', async () => {
    online = false;
    await keep();
    const calls = mockFetch({
      [`GET ${QUESTIONNAIRE}`]: { status: 200, body: data },
      [NEW_ANSWER]: { status: 201, body: { token: '6a1b2c3d-4e5f-4a6b-8c7d-0000000000aa' } },
    });
    await renderWeb(<Harness />, { user: participantUser, messages: catalogue });
    await screen.findByTestId('outbox-offline');
    online = true;
    await act(async () => {
      window.dispatchEvent(new Event('online'));
    });
    await waitFor(() => expect(screen.queryByTestId('outbox')).toBeNull());
    expect(calls.filter((c) => `${c.method} ${c.url}` === NEW_ANSWER)).toHaveLength(1);
    expect(await listEntries(participantUser.uuid)).toEqual([]);
  });
});
