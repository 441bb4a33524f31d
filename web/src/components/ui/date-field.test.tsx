import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikProps } from 'formik';
import { createRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { renderWithProviders } from '@/testing/render';
import { DateField } from './date-field';

interface Values {
  date_paiement: string;
}

function renderField(initial = '', range: { min?: string; max?: string } = {}) {
  const formik = createRef<FormikProps<Values>>();
  renderWithProviders(
    <Formik<Values> innerRef={formik} initialValues={{ date_paiement: initial }} onSubmit={vi.fn()}>
      <Form>
        <DateField name="date_paiement" label="Date de paiement" {...range} />
      </Form>
    </Formik>,
  );
  return formik;
}

async function openCalendar(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Choisir une date dans le calendrier' }));
  return screen.findByRole('grid');
}

describe('DateField calendar', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('picks a day: the field shows dd/mm/yyyy and Formik holds yyyy-MM-dd', async () => {
    const user = userEvent.setup();
    const formik = renderField('2026-03-05');
    const grid = await openCalendar(user);
    expect(grid).toHaveAccessibleName(/mars 2026/);
    await user.click(within(grid).getByRole('button', { name: 'mardi 17 mars 2026' }));
    expect(formik.current?.values.date_paiement).toBe('2026-03-17');
    expect(screen.getByLabelText('Date de paiement')).toHaveValue('17/03/2026');
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('starts the week on Monday', async () => {
    const user = userEvent.setup();
    renderField('2026-03-05');
    const grid = await openCalendar(user);
    // 1 March 2026 is a Sunday: it closes the first week, which opens on Monday 23 February.
    const firstWeek = within(grid).getAllByRole('row')[0] as HTMLElement;
    const days = within(firstWeek).getAllByRole('gridcell');
    expect(days[0]).toHaveAttribute('data-day', '2026-02-23');
    expect(days[6]).toHaveAttribute('data-day', '2026-03-01');
    expect(grid.querySelector('thead th')).toHaveAttribute('aria-label', 'lundi');
  });

  it('offers only the days of the range: the others are disabled', async () => {
    const user = userEvent.setup();
    const formik = renderField('2026-03-05', { min: '2026-03-03', max: '2026-03-20' });
    const grid = await openCalendar(user);
    expect(within(grid).getByRole('button', { name: 'lundi 2 mars 2026' })).toBeDisabled();
    expect(within(grid).getByRole('button', { name: 'samedi 21 mars 2026' })).toBeDisabled();
    expect(within(grid).getByRole('button', { name: 'vendredi 20 mars 2026' })).toBeEnabled();
    await user.click(within(grid).getByRole('button', { name: 'lundi 2 mars 2026' }));
    expect(formik.current?.values.date_paiement).toBe('2026-03-05');
    // No month before or after the range.
    expect(screen.getByRole('button', { name: /mois précédent/i })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: /mois suivant/i })).toHaveAttribute('aria-disabled', 'true');
  });

  it('opens on the range when there is no date yet and today is outside it', async () => {
    const user = userEvent.setup();
    renderField('', { min: '2031-06-01', max: '2031-08-31' });
    const grid = await openCalendar(user);
    expect(grid).toHaveAccessibleName(/juin 2031/);
  });

  it('still takes typed dates in every accepted form', async () => {
    const user = userEvent.setup();
    const formik = renderField();
    await user.type(screen.getByLabelText('Date de paiement'), '05.03.26');
    expect(formik.current?.values.date_paiement).toBe('2026-03-05');
  });

  it('shows the French placeholder as written', async () => {
    renderField();
    expect(screen.getByLabelText('Date de paiement')).toHaveAttribute('placeholder', 'jj/mm/aaaa');
  });

  it('sets the Arabic placeholder left to right, the day first, as the digits typed into it', async () => {
    await i18n.changeLanguage('ar');
    renderField();
    expect(screen.getByLabelText('Date de paiement')).toHaveAttribute(
      'placeholder',
      '\u2066يي\u200E/\u200Eشش\u200E/\u200Eسسسس\u2069',
    );
  });

  it('reads right to left in Arabic, with Tunisian month names and Monday first', async () => {
    await i18n.changeLanguage('ar');
    const user = userEvent.setup();
    renderField('2026-03-05');
    await user.click(screen.getByRole('button', { name: 'اختيار تاريخ من الرزنامة' }));
    const grid = await screen.findByRole('grid');
    expect(grid.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(grid).toHaveAccessibleName(/مارس 2026/);
    expect(within(within(grid).getAllByRole('row')[0] as HTMLElement).getAllByRole('gridcell')[0]).toHaveAttribute(
      'data-day',
      '2026-02-23',
    );
  });
});
