import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikProps } from 'formik';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { applyServerErrors, serverErrorsToFormik } from '@/lib/form-errors';
import { isoDate, object } from '@/lib/validation';
import { renderWithProviders } from '@/testing/render';
import { Button } from './button';
import { DateField } from './date-field';
import { FormField } from './form-field';
import { DisabledReason } from './tooltip';

interface Values {
  date_paiement: string;
  titre: string;
}

function renderForm(initial: Partial<Values> = {}, onSubmit = vi.fn()) {
  const formik = createRef<FormikProps<Values>>();
  renderWithProviders(
    <Formik<Values>
      innerRef={formik}
      initialValues={{ date_paiement: '', titre: '', ...initial }}
      validationSchema={object({ date_paiement: isoDate().required('common:form.required') })}
      onSubmit={onSubmit}
    >
      <Form>
        <DateField name="date_paiement" label="Date de paiement" />
        <FormField name="titre" label="Titre" />
        <button type="submit">Valider</button>
      </Form>
    </Formik>,
  );
  return { formik, onSubmit };
}

describe('DateField', () => {
  it.each([
    ['05032026', '2026-03-05'],
    ['05-03-2026', '2026-03-05'],
    ['05.03.26', '2026-03-05'],
    ['05/03/26', '2026-03-05'],
  ])('turns the typed %s into %s and shows it as dd/mm/yyyy', async (typed, iso) => {
    const user = userEvent.setup();
    const { formik } = renderForm();
    const input = screen.getByLabelText('Date de paiement');
    await user.type(input, typed);
    expect(formik.current?.values.date_paiement).toBe(iso);
    await user.tab();
    expect(input).toHaveValue('05/03/2026');
  });

  it('submits the yyyy-MM-dd value even when Enter is pressed without leaving the field', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Date de paiement'), '31122025{Enter}');
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0]?.[0]).toMatchObject({ date_paiement: '2025-12-31' });
  });

  it('rejects a date that does not exist', async () => {
    const user = userEvent.setup();
    const { onSubmit } = renderForm();
    await user.type(screen.getByLabelText('Date de paiement'), '31/02/2026');
    await user.tab();
    expect(await screen.findByText('Date invalide. Format attendu : jj/mm/aaaa.')).toBeInTheDocument();
    expect(screen.getByLabelText('Date de paiement')).toHaveValue('31/02/2026');
    await user.click(screen.getByRole('button', { name: 'Valider' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('shows an initial yyyy-MM-dd value as dd/mm/yyyy and follows a reset', async () => {
    const { formik } = renderForm({ date_paiement: '2026-01-15' });
    const input = screen.getByLabelText('Date de paiement');
    expect(input).toHaveValue('15/01/2026');
    act(() => formik.current?.resetForm({ values: { date_paiement: '2025-06-30', titre: '' } }));
    await waitFor(() => expect(input).toHaveValue('30/06/2025'));
  });
});

describe('server field errors', () => {
  it('maps the server errors object to Formik errors, dotted paths included', () => {
    expect(
      serverErrorsToFormik({ tel: ['Requis.', 'Trop court.'], 'personalisation.1.montant': ['Entier attendu.'] }),
    ).toEqual({ tel: 'Requis. Trop court.', personalisation: [undefined, { montant: 'Entier attendu.' }] });
  });

  it('shows them under their fields', async () => {
    const { formik } = renderForm();
    const error = {
      status: 422,
      data: {
        success: false,
        code: 'validation_failed',
        message: 'Invalide',
        errors: { titre: ['Ce titre existe déjà.'] },
      },
    };
    let applied = false;
    act(() => {
      applied = applyServerErrors(error, (errors) => formik.current?.setErrors(errors));
      void formik.current?.setFieldTouched('titre', true, false);
    });
    expect(applied).toBe(true);
    expect(await screen.findByText('Ce titre existe déjà.')).toBeInTheDocument();
    expect(screen.getByLabelText('Titre')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reports when the error carries no field messages', () => {
    expect(applyServerErrors({ status: 500, data: { success: false, code: 'x', message: 'x' } }, vi.fn())).toBe(false);
    expect(applyServerErrors({ status: 'FETCH_ERROR', error: 'offline' }, vi.fn())).toBe(false);
  });
});

describe('DisabledReason', () => {
  it('explains a disabled button in a tooltip reachable from the keyboard', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DisabledReason reason="Seul le trésorier peut effectuer cette opération">
        <Button disabled>Encaisser</Button>
      </DisabledReason>,
    );
    expect(screen.getByRole('button', { name: 'Encaisser' })).toBeDisabled();
    await user.tab();
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le trésorier peut effectuer cette opération');
  });

  it('lets a disabled button fill the width its place gives it, as the enabled button would', () => {
    renderWithProviders(
      <div className="flex flex-col">
        <DisabledReason reason="Assemblée clôturée">
          <Button disabled>Enregistrer</Button>
        </DisabledReason>
      </div>,
    );
    const wrapper = screen.getByRole('button', { name: 'Enregistrer' }).parentElement;
    expect(wrapper).toHaveAttribute('data-slot', 'disabled-reason');
    expect(wrapper).toHaveClass('[&>*]:grow');
  });

  it('leaves an allowed button alone', () => {
    renderWithProviders(
      <DisabledReason reason={null}>
        <Button>Encaisser</Button>
      </DisabledReason>,
    );
    expect(screen.getByRole('button', { name: 'Encaisser' }).parentElement?.tagName).not.toBe('SPAN');
  });
});
