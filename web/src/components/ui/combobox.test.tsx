import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikProps } from 'formik';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dinars } from '@/components/dinars';
import { renderWithProviders } from '@/testing/render';
import { ComboboxField, type ComboboxOption } from './combobox';

interface Values {
  occupant: string;
}

const OPTIONS: ComboboxOption[] = [
  { value: '1', label: 'Élodie Ben Aïssa', description: '20 000 004' },
  { value: '2', label: 'Karim Trabelsi', description: '20 000 005' },
  { value: '3', label: 'Sami Gharbi', amount: <Dinars value={45} />, searchText: '45,000 DT' },
];

function renderCombobox(props: { onCreate?: (typed: string) => void; onValueChange?: (value: string) => void } = {}) {
  const formik = createRef<FormikProps<Values>>();
  renderWithProviders(
    <Formik<Values> innerRef={formik} initialValues={{ occupant: '' }} onSubmit={vi.fn()}>
      <Form>
        <ComboboxField
          name="occupant"
          label="Occupant"
          placeholder="Choisir un occupant"
          options={OPTIONS}
          createLabel="Nouvel occupant"
          {...props}
        />
      </Form>
    </Formik>,
  );
  return formik;
}

describe('ComboboxField', () => {
  it('filters the choices as one types, without regard to case or accents, and picks one', async () => {
    const user = userEvent.setup();
    const onValueChange = vi.fn();
    const formik = renderCombobox({ onValueChange });
    const trigger = screen.getByRole('combobox', { name: 'Occupant' });
    expect(trigger).toHaveTextContent('Choisir un occupant');
    await user.click(trigger);
    const listbox = await screen.findByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(3);
    await user.type(screen.getByRole('textbox', { name: 'Filtrer les choix' }), 'elodie AISSA');
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    await user.click(within(listbox).getByRole('option', { name: /Élodie Ben Aïssa/ }));
    expect(formik.current?.values.occupant).toBe('1');
    expect(onValueChange).toHaveBeenCalledWith('1');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(trigger).toHaveTextContent('Élodie Ben Aïssa');
  });

  it('finds a choice by its second line or its amount, says when nothing matches, and works with the keyboard', async () => {
    const user = userEvent.setup();
    const formik = renderCombobox();
    await user.click(screen.getByRole('combobox', { name: 'Occupant' }));
    const search = screen.getByRole('textbox', { name: 'Filtrer les choix' });
    await user.type(search, '45,000');
    expect(within(screen.getByRole('listbox')).getByRole('option', { name: /Sami Gharbi/ })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'zzz');
    expect(screen.getByText('Aucun choix ne correspond à « zzz ».')).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, '{ArrowDown}{Enter}');
    expect(formik.current?.values.occupant).toBe('2');
  });

  it('shows the amount of a choice whole, in the list and once chosen', async () => {
    const user = userEvent.setup();
    renderCombobox();
    await user.click(screen.getByRole('combobox', { name: 'Occupant' }));
    const option = within(screen.getByRole('listbox')).getByRole('option', { name: /Sami Gharbi/ });
    expect(option).toHaveTextContent(/45,000\sDT/);
    await user.click(option);
    expect(screen.getByRole('combobox', { name: 'Occupant' })).toHaveTextContent(/Sami Gharbi45,000\sDT/);
  });

  it('offers "create new" with what was typed', async () => {
    const user = userEvent.setup();
    const onCreate = vi.fn();
    renderCombobox({ onCreate });
    await user.click(screen.getByRole('combobox', { name: 'Occupant' }));
    await user.type(screen.getByRole('textbox', { name: 'Filtrer les choix' }), 'Nadia Jaziri');
    const create = within(screen.getByRole('listbox')).getByRole('option', { name: /Nouvel occupant/ });
    expect(create).toHaveTextContent('Nouvel occupant « Nadia Jaziri »');
    await user.click(create);
    expect(onCreate).toHaveBeenCalledWith('Nadia Jaziri');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('offers no "create new" without onCreate', async () => {
    const user = userEvent.setup();
    renderCombobox();
    await user.click(screen.getByRole('combobox', { name: 'Occupant' }));
    expect(within(screen.getByRole('listbox')).queryByTestId('combobox-create')).not.toBeInTheDocument();
  });
});
