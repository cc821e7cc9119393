import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWeb } from '../../../../scripts/jest/web';
import { FileInput } from './FileInput';

function Field({ controlled = false }: { controlled?: boolean }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <label htmlFor="doc">Document</label>
      <FileInput
        id="doc"
        accept=".pdf"
        data-testid="doc-file"
        {...(controlled ? { file } : {})}
        onChange={(e) => {
          const f = e.target.files?.[0] ?? null;
          setFile(f && f.name.endsWith('.pdf') ? f : null);
        }}
      />
    </>
  );
}

const pick = (...names: string[]) =>
  fireEvent.change(screen.getByTestId('doc-file'), {
    target: { files: names.map((n) => new File(['x'], n)) },
  });

describe('FileInput', () => {
  it.each([
    ['el', 'Επιλογή αρχείου', 'Δεν επιλέχθηκε αρχείο'],
    ['en', 'Choose file', 'No file chosen'],
  ] as const)('speaks the page language (%s), not the browser one', async (locale, button, none) => {
    await renderWeb(<Field />, { locale });
    expect(screen.getByText(button).getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByTestId('file-input-name').textContent).toBe(none);
  });

  it('keeps the input, its label and its events; the chosen name describes it', async () => {
    await renderWeb(<Field />, { locale: 'en' });
    const input = screen.getByLabelText('Document') as HTMLInputElement;
    expect(input.type).toBe('file');
    expect(input.accept).toBe('.pdf');
    pick('report.pdf');
    const name = screen.getByTestId('file-input-name');
    expect(name.textContent).toBe('report.pdf');
    expect(input.getAttribute('aria-describedby')).toBe(name.id);
    pick('a.pdf', 'b.pdf');
    expect(name.textContent).toBe('2 files');
  });

  it('shows the file the form keeps, when it keeps one (a refused file is no file)', async () => {
    await renderWeb(<Field controlled />, { locale: 'en' });
    pick('photo.png');
    expect(screen.getByTestId('file-input-name').textContent).toBe('No file chosen');
    pick('report.pdf');
    expect(screen.getByTestId('file-input-name').textContent).toBe('report.pdf');
  });
});
