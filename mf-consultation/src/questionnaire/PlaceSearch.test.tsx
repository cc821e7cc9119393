import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { mockFetch, participantUser, renderWeb } from '../../../scripts/jest/web';
import { placeUrl, platformMessages } from '@agora/platform';
import type { LatLng } from '@agora/contracts';
import { messages } from '../i18n';
import { PlaceSearch } from './PlaceSearch';

const GEOCODER = 'https://geocoder.example.org';
const catalogue = {
  el: { ...platformMessages.el, ...messages.el },
  en: { ...platformMessages.en, ...messages.en },
};

async function search(text: string, locale: 'el' | 'en', answer: { status: number; body: unknown }) {
  const found: LatLng[] = [];
  const calls = mockFetch({
    'GET /api/settings': { status: 200, body: { geocoderUrl: GEOCODER } },
    [`GET ${placeUrl(GEOCODER, text)}`]: answer,
  });
  await renderWeb(<PlaceSearch onFound={(at) => found.push(at)} />, {
    user: participantUser,
    locale,
    messages: catalogue,
  });
  fireEvent.change(await screen.findByTestId('place-search-text'), { target: { value: text } });
  fireEvent.click(screen.getByTestId('place-search-go'));
  return { found, calls };
}

describe('finding a place by its address', () => {
  it('fills in the coordinates of the place the geocoder finds, and says so', async () => {
    const { found, calls } = await search('Τσιμισκή 10, Θεσσαλονίκη', 'en', {
      status: 200,
      body: [{ lat: '40.6321', lon: '22.9415' }],
    });
    expect((await screen.findByText(/^Found at 40\.632100, 22\.941500/)).getAttribute('data-testid')).toBe(
      'place-search-outcome',
    );
    expect(found).toEqual([{ lat: 40.6321, lng: 22.9415 }]);
    expect(calls.map((c) => c.url)).toContain(
      `${GEOCODER}/search?format=json&q=${encodeURIComponent('Τσιμισκή 10, Θεσσαλονίκη').replace(/%20/g, '+')}&limit=1&countrycodes=gr&accept-language=el`,
    );
  });

  it('says when nothing is found, in Greek', async () => {
    const none = await search('Πουθενά', 'el', { status: 200, body: [] });
    await screen.findByText('Δεν βρέθηκε σημείο για αυτή τη διεύθυνση.');
    expect(none.found).toEqual([]);
  });

  it('says when the geocoder cannot answer', async () => {
    const failed = await search('Anywhere', 'en', { status: 503, body: {} });
    await screen.findByText('The address search is not available right now.');
    expect(failed.found).toEqual([]);
  });

  it('is not offered when no geocoder is configured', async () => {
    const calls = mockFetch({ 'GET /api/settings': { status: 200, body: { geocoderUrl: '' } } });
    await renderWeb(<PlaceSearch onFound={() => undefined} />, {
      user: participantUser,
      messages: catalogue,
    });
    await waitFor(() => expect(calls.map((c) => c.url)).toEqual(['/api/settings']));
    await act(async () => undefined);
    expect(screen.queryByTestId('place-search')).toBeNull();
  });
});
