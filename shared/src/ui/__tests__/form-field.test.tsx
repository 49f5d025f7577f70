import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../testing';
import { CheckField, FormField, SelectField } from '../form-field';

it('a field is named by its label; its problem replaces its help and is announced', () => {
  const { rerender } = renderWithProviders(
    <FormField label="E-mail" htmlFor="email" help="Where alarms go">
      <input id="email" />
    </FormField>,
  );
  expect(screen.getByRole('textbox', { name: 'E-mail' })).toBeInTheDocument();
  expect(screen.getByText('Where alarms go')).toBeInTheDocument();
  rerender(
    <FormField label="E-mail" htmlFor="email" help="Where alarms go" error="Not an e-mail address">
      <input id="email" />
    </FormField>,
  );
  expect(screen.getByRole('alert')).toHaveTextContent('Not an e-mail address');
  expect(screen.getByTestId('email-error')).toHaveAttribute('id', 'email-error');
  expect(screen.queryByText('Where alarms go')).not.toBeInTheDocument();
});

it('select and checkbox answer their values', () => {
  const onSelect = jest.fn();
  const onCheck = jest.fn();
  renderWithProviders(
    <>
      <SelectField label="Rule" value="a" onChange={onSelect}>
        <option value="a">A</option>
        <option value="b">B</option>
      </SelectField>
      <CheckField label="Blocked" checked={false} onChange={onCheck} />
    </>,
  );
  fireEvent.change(screen.getByRole('combobox', { name: 'Rule' }), { target: { value: 'b' } });
  expect(onSelect).toHaveBeenCalledWith('b');
  fireEvent.click(screen.getByRole('checkbox', { name: 'Blocked' }));
  expect(onCheck).toHaveBeenCalledWith(true);
});
