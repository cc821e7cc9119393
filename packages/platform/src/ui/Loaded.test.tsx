import { screen } from '@testing-library/react';
import { renderWeb } from '../../../../scripts/jest/web';
import { ApiError } from '../api';
import { Loaded } from './Loaded';

const show = (data: { name: string }) => <p data-testid="answer">{data.name}</p>;

describe('Loaded', () => {
  it('shows the busy indicator while the read loads or has no answer yet', async () => {
    await renderWeb(
      <Loaded error={undefined} isLoading={false} data={undefined}>
        {show}
      </Loaded>,
    );
    expect(screen.getByTestId('loading')).toBeTruthy();
    expect(screen.queryByTestId('answer')).toBeNull();
  });

  it('shows the error of a failed read instead of the answer', async () => {
    await renderWeb(
      <Loaded error={new ApiError(500, 'unknown error')} isLoading={false} data={{ name: 'old' }}>
        {show}
      </Loaded>,
    );
    expect(screen.getByTestId('error-state').getAttribute('data-status')).toBe('500');
    expect(screen.queryByTestId('answer')).toBeNull();
    expect(screen.queryByTestId('loading')).toBeNull();
  });

  it('gives the answer to its children once it is there', async () => {
    await renderWeb(
      <Loaded error={undefined} isLoading={false} data={{ name: 'Αθήνα' }}>
        {show}
      </Loaded>,
    );
    expect(screen.getByTestId('answer').textContent).toBe('Αθήνα');
  });
});
