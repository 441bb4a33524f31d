import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikProps } from 'formik';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { ApprovalFields, type Approbateur, type ApprovalLabelKey, type ApprovalValues } from './approval-fields';

const LABELS: Record<ApprovalLabelKey, string> = {
  approbation: 'Approbation',
  approuve: 'Approuvé',
  refuse: 'Refusé',
  approbationHint: 'Cochez de nouveau la même case pour revenir à « non décidé ».',
  approuvePar: 'Approuvé par',
  approuveParPlaceholder: 'Non précisé',
  assemblee: 'Une assemblée générale',
  vote: 'Un vote',
  ag: 'Assemblée',
  agPlaceholder: 'Choisir une assemblée',
  agEmpty: 'Aucune assemblée',
  voteChoix: 'Vote',
  votePlaceholder: 'Choisir un vote',
  voteEmpty: 'Aucun vote',
};

function renderFields({ ags = [], votes = [] }: { ags?: Approbateur[]; votes?: Approbateur[] } = {}) {
  const formik = createRef<FormikProps<ApprovalValues>>();
  renderWithProviders(
    <Formik<ApprovalValues>
      innerRef={formik}
      initialValues={{ is_approved: '', approuve_par: '', ag: '', vote: '' }}
      onSubmit={vi.fn()}
    >
      <Form>
        <ApprovalFields label={(key) => LABELS[key]} ags={ags} votes={votes} />
      </Form>
    </Formik>,
  );
  return formik;
}

describe('ApprovalFields', () => {
  it('ticks approved or refused, one at a time, the same box again going back to undecided', async () => {
    const user = userEvent.setup();
    const formik = renderFields();
    const approuve = screen.getByRole('checkbox', { name: 'Approuvé' });
    const refuse = screen.getByRole('checkbox', { name: 'Refusé' });
    expect(screen.getByRole('group', { name: 'Approbation' })).toBeInTheDocument();

    await user.click(approuve);
    expect(formik.current?.values.is_approved).toBe('1');
    expect(approuve).toBeChecked();
    await user.click(refuse);
    expect(formik.current?.values.is_approved).toBe('0');
    expect(refuse).toBeChecked();
    expect(approuve).not.toBeChecked();
    await user.click(refuse);
    expect(formik.current?.values.is_approved).toBe('');
    expect(refuse).not.toBeChecked();
    expect(approuve).not.toBeChecked();
  });

  it('shows the assemblies or the votes according to the choice', async () => {
    const user = userEvent.setup();
    const formik = renderFields({
      ags: [{ id: 4, titre: 'AG ordinaire 2025' }],
      votes: [{ id: 9, titre: 'Vote ascenseur' }],
    });
    expect(screen.queryByLabelText('Assemblée')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Vote')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Approuvé par'), 'assemblee');
    const ag = screen.getByLabelText('Assemblée');
    expect(ag).toBeEnabled();
    expect(screen.queryByLabelText('Vote')).not.toBeInTheDocument();
    await user.selectOptions(ag, '4');
    expect(formik.current?.values).toMatchObject({ approuve_par: 'assemblee', ag: '4' });

    await user.selectOptions(screen.getByLabelText('Approuvé par'), 'vote');
    expect(screen.queryByLabelText('Assemblée')).not.toBeInTheDocument();
    const vote = screen.getByLabelText('Vote');
    expect(vote).toHaveTextContent('Choisir un vote');
    await user.selectOptions(vote, '9');
    expect(formik.current?.values).toMatchObject({ approuve_par: 'vote', vote: '9' });
  });

  it('says so and disables the select when there is no assembly or vote', async () => {
    const user = userEvent.setup();
    renderFields();
    await user.selectOptions(screen.getByLabelText('Approuvé par'), 'assemblee');
    const ag = screen.getByLabelText('Assemblée');
    expect(ag).toBeDisabled();
    expect(ag).toHaveTextContent('Aucune assemblée');
    await user.selectOptions(screen.getByLabelText('Approuvé par'), 'vote');
    const vote = screen.getByLabelText('Vote');
    expect(vote).toBeDisabled();
    expect(vote).toHaveTextContent('Aucun vote');
  });
});
