import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, concierge, membre, president, salairesServer } from './salaires-fixtures';

const CREER = '/syndic/salaires/salaries/creer';

describe('employee form (/syndic/salaires/salaries/creer, /modifier/{salarieId})', () => {
  it('checks the fields as spec 2 §5 says: required ones, 8-digit phone and CIN, salary, date ranges', async () => {
    const user = userEvent.setup();
    const server = salairesServer(president);
    renderRoute(CREER);
    const form = await screen.findByRole('form', { name: 'Créer le salarié' });
    // Without employer charges by default: the salary is asked, not the gross one nor the rate.
    expect(within(form).getByLabelText('Sans charges patronales')).toBeChecked();
    expect(within(form).queryByLabelText(/Salaire brut/)).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Créer le salarié' }));
    expect(await within(form).findByText('Le nom est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le poste est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le téléphone est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le salaire est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le début du contrat est obligatoire.')).toBeInTheDocument();

    await user.type(within(form).getByLabelText(/Téléphone/), '2012345');
    await user.type(within(form).getByLabelText('CIN'), '123');
    await user.type(within(form).getByLabelText(/Salaire/), '10000');
    await user.type(within(form).getByLabelText(/Début du contrat/), '01/01/1984');
    await user.type(within(form).getByLabelText('Date de naissance'), '31/12/1929');
    await user.click(within(form).getByRole('button', { name: 'Créer le salarié' }));
    expect(await within(form).findByText('Le téléphone doit comporter exactement 8 chiffres.')).toBeInTheDocument();
    expect(within(form).getByText('La CIN doit comporter exactement 8 chiffres.')).toBeInTheDocument();
    expect(
      within(form).getByText("Un montant d'au plus 9 999,999 (4 chiffres et 3 décimales au plus)."),
    ).toBeInTheDocument();
    expect(within(form).getByText('La date doit être entre le 01/01/1985 et le 31/12/2035.')).toBeInTheDocument();
    expect(
      within(form).getByText("La date de naissance doit être entre le 01/01/1930 et aujourd'hui."),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/salaries/creer')).toHaveLength(0);
  });

  it('refuses a contract ending before it starts, then creates an employee without employer charges', async () => {
    const user = userEvent.setup();
    const server = salairesServer(president, {
      'POST /api/salaries/creer': () => json(200, { success: true, salarie: { ...concierge, id: 9 } }),
    });
    const { router } = renderRoute(CREER);
    const form = await screen.findByRole('form', { name: 'Créer le salarié' });
    await user.type(within(form).getByLabelText(/Nom et prénom/), 'Hédi Mansour');
    await user.type(within(form).getByLabelText(/Poste/), 'Gardien');
    await user.type(within(form).getByLabelText(/Téléphone/), '20123456');
    await user.type(within(form).getByLabelText(/Salaire/), '850,5');
    await user.type(within(form).getByLabelText(/Début du contrat/), '01/03/2026');
    await user.type(within(form).getByLabelText(/Fin du contrat/), '28/02/2026');
    await user.click(within(form).getByRole('button', { name: 'Créer le salarié' }));
    expect(await within(form).findByText('La fin du contrat ne peut pas précéder son début.')).toBeInTheDocument();
    await user.clear(within(form).getByLabelText(/Fin du contrat/));
    await user.click(within(form).getByRole('button', { name: 'Créer le salarié' }));

    expect(await screen.findByText('Salarié créé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/salaries/creer')[0])).toEqual({
      nom: 'Hédi Mansour',
      poste: 'Gardien',
      tel: '20123456',
      cin: null,
      charges_patronales: 'sans',
      salaire: 850.5,
      salaire_brut: null,
      taux_global_charges_patronales: null,
      numero_cnss: null,
      rib: null,
      date_naissance: null,
      adresse: null,
      date_debut: '2026-03-01',
      date_fin: null,
      commentaire: null,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/salaires/salaries/gerer/9'));
  });

  it('asks the gross salary and a rate like 12.5% when declared with employer charges', async () => {
    const user = userEvent.setup();
    const server = salairesServer(undefined, {
      'POST /api/salaries/creer': () => json(200, { success: true, salarie: { ...concierge, id: 9 } }),
    });
    renderRoute(CREER);
    const form = await screen.findByRole('form', { name: 'Créer le salarié' });
    await user.click(within(form).getByLabelText('Avec charges patronales'));
    expect(within(form).queryByLabelText(/^Salaire \(/)).toBeNull();
    await user.type(within(form).getByLabelText(/Nom et prénom/), 'Hédi Mansour');
    await user.type(within(form).getByLabelText(/Poste/), 'Gardien');
    await user.type(within(form).getByLabelText(/Téléphone/), '20 123 456');
    await user.type(within(form).getByLabelText(/Début du contrat/), '01/03/2026');
    await user.type(within(form).getByLabelText(/Salaire brut/), '1200');
    const taux = within(form).getByLabelText(/Taux global/);
    await user.type(taux, '12,5');
    await user.click(within(form).getByRole('button', { name: 'Créer le salarié' }));
    expect(
      await within(form).findByText('Un taux comme 12.5% (2 chiffres et 2 décimales au plus, puis %).'),
    ).toBeInTheDocument();
    await user.clear(taux);
    await user.type(taux, '123.5%');
    await user.click(within(form).getByRole('button', { name: 'Créer le salarié' }));
    expect(
      await within(form).findByText('Un taux comme 12.5% (2 chiffres et 2 décimales au plus, puis %).'),
    ).toBeInTheDocument();
    await user.clear(taux);
    await user.type(taux, '16.57%');
    await user.click(within(form).getByRole('button', { name: 'Créer le salarié' }));
    expect(await screen.findByText('Salarié créé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/salaries/creer')[0])).toMatchObject({
      tel: '20123456',
      charges_patronales: 'avec',
      salaire: null,
      salaire_brut: 1200,
      taux_global_charges_patronales: '16.57%',
    });
  });

  it('edits an employee as loaded, sending its id in the query string, then shows its detail', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    const server = salairesServer(undefined, {
      'POST /api/salaries/modifier': (request) => {
        seen.push(new URL(request.url).search);
        return json(200, { success: true, salarie: concierge });
      },
    });
    const { router } = renderRoute('/syndic/salaires/salaries/modifier/1');
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    expect(within(form).getByLabelText('Avec charges patronales')).toBeChecked();
    expect(within(form).getByLabelText(/Salaire brut/)).toHaveValue('1100');
    expect(within(form).getByLabelText(/Taux global/)).toHaveValue('16.57%');
    expect(within(form).getByLabelText(/Téléphone/)).toHaveValue('20123456');
    await user.clear(within(form).getByLabelText(/Poste/));
    await user.type(within(form).getByLabelText(/Poste/), 'Concierge principal');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Salarié modifié.')).toBeInTheDocument();
    expect(seen).toEqual(['?id=1']);
    expect(bodyOf(server.calls('POST', '/api/salaries/modifier')[0])).toMatchObject({
      poste: 'Concierge principal',
      salaire_brut: 1100,
      taux_global_charges_patronales: '16.57%',
      date_debut: '2015-01-01',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/salaires/salaries/gerer/1'));
  });

  it('sends a council member who is neither treasurer nor president to /unauthorized', async () => {
    salairesServer(membre);
    const { router } = renderRoute(CREER);
    await waitFor(() => expect(router.state.location.pathname).toBe('/unauthorized'));
  });
});
