import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { renderWithProviders } from '../../testing';
import { FileField } from '../file-field';
import { FormField } from '../form-field';

// The shell's real texts: the field's words live in its common.file.
const shell = (lang: string) => JSON.parse(readFileSync(join(__dirname, '../../../../host/public/assets/i18n', `${lang}.json`), 'utf8')) as object;
const resources = { en: { translation: shell('en') }, ua: { translation: shell('ua') }, ru: { translation: shell('ru') }, pl: { translation: shell('pl') } };

const user = userEvent.setup({ delay: null });
const xlsx = (name: string) => new File(['PK'], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });

/** As the import dialog uses it: labelled by a FormField, the dialog holding the file. */
function Dialog({ onFiles }: { onFiles: (files: File[]) => void }) {
  const [file, setFile] = useState<File | null>(null);
  return (
    <>
      <FormField label="File" htmlFor="f">
        <FileField
          id="f"
          accept=".xlsx"
          value={file}
          onChange={(files) => {
            setFile(files[0] ?? null);
            onFiles(files);
          }}
        />
      </FormField>
      <button type="button" onClick={() => setFile(null)}>
        Reset
      </button>
    </>
  );
}

describe('FileField', () => {
  it('is named by its label, reached by Tab, and shows the chosen file by name', async () => {
    const onFiles = jest.fn();
    renderWithProviders(<Dialog onFiles={onFiles} />, { resources, language: 'en' });
    const input = screen.getByLabelText('File');
    expect(input).toHaveAttribute('type', 'file');
    expect(screen.getByText('Choose file')).toBeVisible();
    expect(screen.getByTestId('f-name')).toHaveTextContent('No file chosen');
    await user.tab();
    expect(input).toHaveFocus();
    await user.upload(input, xlsx('alarms.xlsx'));
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'alarms.xlsx' })]);
    expect(screen.getByTestId('f-name')).toHaveTextContent('alarms.xlsx');
    // Cleared by its owner: the name goes and the input forgets the file.
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByTestId('f-name')).toHaveTextContent('No file chosen');
    expect((input as HTMLInputElement).value).toBe('');
  });

  it.each([
    ['ua', 'Обрати файл', 'Файл не обрано'],
    ['ru', 'Выбрать файл', 'Файл не выбран'],
    ['pl', 'Wybierz plik', 'Nie wybrano pliku'],
  ])('speaks the UI language (%s), not the browser’s', (language, choose, none) => {
    renderWithProviders(<Dialog onFiles={jest.fn()} />, { resources, language });
    expect(screen.getByText(choose)).toBeVisible();
    expect(screen.getByTestId('f-name')).toHaveTextContent(none);
    expect(screen.queryByText(/Choose file|No file chosen/)).not.toBeInTheDocument();
  });

  it('several files: counted in ua; an upload-at-once button shows its own text and no name', async () => {
    const onFiles = jest.fn();
    renderWithProviders(
      <>
        <FileField id="many" aria-label="Pages" multiple onChange={jest.fn()} />
        <FileField aria-label="Додати сторінки" buttonText="Додати сторінки" multiple showName={false} onChange={onFiles} />
      </>,
      { resources, language: 'ua' },
    );
    expect(screen.getByText('Обрати файли')).toBeVisible();
    await user.upload(screen.getByLabelText('Pages'), [xlsx('a.png'), xlsx('b.png')]);
    expect(screen.getByTestId('many-name')).toHaveTextContent('Обрано файлів: 2');
    const add = screen.getByLabelText('Додати сторінки');
    await user.upload(add, [xlsx('c.png')]);
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'c.png' })]);
    expect(screen.queryByText('c.png')).not.toBeInTheDocument();
  });

  it('disabled: no file reaches the caller', async () => {
    const onFiles = jest.fn();
    renderWithProviders(<FileField aria-label="File" disabled onChange={onFiles} />, { resources, language: 'en' });
    expect(screen.getByLabelText('File')).toBeDisabled();
    await user.upload(screen.getByLabelText('File'), xlsx('x.xlsx'));
    expect(onFiles).not.toHaveBeenCalled();
  });
});
