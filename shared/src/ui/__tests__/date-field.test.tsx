import { useState } from 'react';
import { Field } from '@chakra-ui/react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../testing';
import { DateField } from '../date-field';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The shell's real texts: the field's labels live in its common.date.
const shell = (lang: string) => JSON.parse(readFileSync(join(__dirname, '../../../../host/public/assets/i18n', `${lang}.json`), 'utf8')) as object;
const resources = { en: { translation: shell('en') }, ru: { translation: shell('ru') } };

/** A labelled field as the screens use it, recording every value it emits. */
function Harness({ initial, onChange }: { initial: string; onChange: (v: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <Field.Root>
      <Field.Label htmlFor="from">From</Field.Label>
      <DateField
        id="from"
        value={value}
        onChange={(v) => {
          setValue(v);
          onChange(v);
        }}
      />
    </Field.Root>
  );
}

// A date picker typed into key by key: seconds per test on a busy two-core machine (as the screens' tests).
jest.setTimeout(20_000);

// No pauses between keystrokes: the field parses the text on Enter or blur either way.
const user = userEvent.setup({ delay: null });

const render = (language: string, initial = '2026-11-25') => {
  const onChange = jest.fn();
  renderWithProviders(<Harness initial={initial} onChange={onChange} />, { resources, language });
  return onChange;
};

describe('DateField', () => {
  it('shows the day in US order in English and emits ISO days when typed', async () => {
    const onChange = render('en');
    const input = screen.getByLabelText('From');
    expect(input).toHaveValue('11/25/2026');
    await user.clear(input);
    expect(input).toHaveAttribute('placeholder', 'mm/dd/yyyy');
    await user.type(input, '12/03/2026{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-03');
    expect(await screen.findByDisplayValue('12/03/2026')).toBe(screen.getByLabelText('From'));
  });

  it('shows the day as day.month.year in Russian, with Russian letters in the placeholder, and emits ISO days', async () => {
    const onChange = render('ru');
    const input = screen.getByLabelText('From');
    expect(input).toHaveValue('25.11.2026');
    await user.clear(input);
    expect(input).toHaveAttribute('placeholder', 'дд.мм.гггг');
    await user.type(input, '03.12.2026{Enter}');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-03');
  });

  it('opens a Russian calendar starting on Monday and emits the picked day as ISO', async () => {
    const onChange = render('ru');
    await user.click(screen.getByRole('button', { name: 'Открыть календарь' }));
    const calendar = screen.getByRole('application', { name: 'Календарь' });
    expect(calendar).toHaveTextContent(/ноябрь 2026/i);
    const days = within(calendar).getAllByRole('gridcell');
    // 1 November 2026 is a Sunday: a Monday week starts on 26 October.
    expect(days[0]).toHaveTextContent('26');
    await user.click(within(calendar).getByRole('button', { name: /^Выбрать .*, 3 ноября 2026/ }));
    expect(onChange).toHaveBeenLastCalledWith('2026-11-03');
    expect(await screen.findByDisplayValue('03.11.2026')).toBe(screen.getByLabelText('From'));
  });

  it('opens an English calendar starting on Sunday', async () => {
    render('en');
    await user.click(screen.getByRole('button', { name: 'Open calendar' }));
    const calendar = screen.getByRole('grid');
    expect(screen.getByRole('button', { name: 'Choose a month' })).toHaveTextContent(/November 2026/);
    expect(within(calendar).getAllByRole('gridcell')[0]).toHaveTextContent('1');
  });

  it('emits an empty value when the day is cleared', async () => {
    const onChange = render('en');
    await user.clear(screen.getByLabelText('From'));
    await user.tab();
    expect(onChange).toHaveBeenLastCalledWith('');
  });
});
