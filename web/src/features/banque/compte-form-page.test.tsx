import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { banqueServer, bodyOf, comptes, RIB_CLE_FAUSSE } from './banque-fixtures';

const CREER = '/syndic/banque/comptes/creer';

async function openCreate(server = banqueServer()) {
  const rendered = renderRoute(CREER);
  await screen.findByRole('heading', { name: 'Nouveau compte bancaire' });
  return { server, ...rendered };
}

afterEach(async () => {
  await act(() => i18n.changeLanguage('fr'));
});

describe('bank account form (/syndic/banque/comptes/creer, /modifier/{id})', () => {
  it('requires the libellé, the bank and the type, and checks the RIB and the IBAN', async () => {
    const user = userEvent.setup();
    const { server } = await openCreate();
    await user.type(screen.getByLabelText('RIB'), '0800601234');
    await user.type(screen.getByLabelText('IBAN'), 'FR76 1234');
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));
    expect(await screen.findByText('Le libellé est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('La banque est obligatoire.')).toBeInTheDocument();
    expect(screen.getByText('Choisissez le type de compte.')).toBeInTheDocument();
    expect(screen.getByText('Le RIB doit compter exactement 20 chiffres.')).toBeInTheDocument();
    expect(screen.getByText("L'IBAN doit s'écrire TN suivi de 22 chiffres.")).toBeInTheDocument();
    expect(server.calls('POST', '/api/banque/comptes/creer')).toHaveLength(0);
  });

  it('warns about a RIB whose key does not check without blocking, and sends the account', async () => {
    const user = userEvent.setup();
    const server = banqueServer(undefined, {
      'POST /api/banque/comptes/creer': () => json(200, { success: true, compte: { ...comptes[1], id: 4 } }),
    });
    const { router } = await openCreate(server);
    await user.type(screen.getByLabelText(/^Intitulé/), 'Compte fonds travaux');
    await user.type(screen.getByLabelText(/^Banque/), 'UIB');
    await user.selectOptions(screen.getByLabelText(/^Type de compte/), 'epargne');
    await user.type(screen.getByLabelText('RIB'), `${RIB_CLE_FAUSSE.slice(0, 10)} ${RIB_CLE_FAUSSE.slice(10)}`);
    expect(await screen.findByTestId('rib-cle-warning')).toHaveTextContent('La clé de ce RIB ne correspond pas');
    await user.type(screen.getByLabelText('IBAN'), 'tn59 0800 6012 3456 7890 1234');
    await user.type(screen.getByLabelText(/^Solde d'ouverture/), '1 250,5');
    await user.click(screen.getByRole('checkbox', { name: 'Compte principal' }));
    await user.click(screen.getByRole('button', { name: 'Créer le compte' }));

    expect(await screen.findByText('Compte bancaire créé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/comptes/creer')[0])).toEqual({
      libelle: 'Compte fonds travaux',
      banque: 'UIB',
      adresse_agence: null,
      type: 'epargne',
      swift: null,
      rib: RIB_CLE_FAUSSE,
      iban: 'TN5908006012345678901234',
      commentaire: null,
      is_main: true,
      solde_initial: 1250.5,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/comptes'));
  });

  it("shows the server's field codes under their fields, in the user's language", async () => {
    const user = userEvent.setup();
    const server = banqueServer(undefined, {
      'POST /api/banque/comptes/creer': () =>
        apiError(
          422,
          'validation_failed',
          'x',
          {
            rib: ['Le RIB doit compter exactement 20 chiffres.'],
            solde_initial: ['Le montant a au plus trois décimales.'],
          },
          { rib: ['rib_invalide'], solde_initial: ['montant_decimales'] },
        ),
    });
    await openCreate(server);
    await act(() => i18n.changeLanguage('ar'));
    await user.type(screen.getByLabelText(/^التسمية/), 'حساب');
    await user.type(screen.getByLabelText(/^البنك/), 'BIAT');
    await user.selectOptions(screen.getByLabelText(/^نوع الحساب/), 'courant');
    await user.click(screen.getByRole('button', { name: 'إنشاء الحساب' }));
    expect(await screen.findByText('يجب أن يتكوّن المعرّف البنكي من 20 رقمًا بالضبط.')).toBeInTheDocument();
    expect(screen.getByText('لا يمكن أن يتجاوز المبلغ ثلاثة أرقام بعد الفاصلة.')).toBeInTheDocument();
  });

  it('makes the first account the main one', async () => {
    await openCreate(
      banqueServer(undefined, {
        'GET /api/banque/comptes': () =>
          json(200, { success: true, has_bank: false, comptes: [], comptes_bancaires: [] }),
      }),
    );
    const main = screen.getByRole('checkbox', { name: 'Compte principal' });
    await waitFor(() => expect(main).toBeChecked());
    expect(main).toBeDisabled();
  });

  it('keeps what was typed when the accounts list arrives and shows it is the first account', async () => {
    // Given the accounts list still loading while the treasurer types
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    await openCreate(
      banqueServer(undefined, {
        'GET /api/banque/comptes': () => new Promise<Response>((resolve) => (answer = resolve)),
      }),
    );
    await user.type(screen.getByLabelText(/^Intitulé/), 'Compte courant BIAT');
    await user.type(screen.getByLabelText(/^Banque/), 'BIAT');
    // When the list arrives, empty: this is the residence's first account
    await act(async () => {
      answer(json(200, { success: true, has_bank: false, comptes: [], comptes_bancaires: [] }));
      await Promise.resolve();
    });
    // Then it becomes the main account and what was typed stays
    await waitFor(() => expect(screen.getByRole('checkbox', { name: 'Compte principal' })).toBeChecked());
    expect(screen.getByLabelText(/^Intitulé/)).toHaveValue('Compte courant BIAT');
    expect(screen.getByLabelText(/^Banque/)).toHaveValue('BIAT');
  });

  it('edits an account with its values and returns to the list', async () => {
    const user = userEvent.setup();
    const server = banqueServer(undefined, {
      'POST /api/banque/comptes/modifier': () => json(200, { success: true, compte: comptes[0] }),
    });
    const { router } = renderRoute('/syndic/banque/comptes/modifier/1');
    expect(await screen.findByLabelText(/^Intitulé/)).toHaveValue('Compte courant BIAT');
    // The main account stays main: the flag moves only by declaring another account main.
    expect(screen.getByRole('checkbox', { name: 'Compte principal' })).toBeDisabled();
    expect(screen.getByTestId('rib-cle-warning')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^Intitulé/));
    await user.type(screen.getByLabelText(/^Intitulé/), 'BIAT courant');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Compte bancaire modifié.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/comptes/modifier')[0])).toMatchObject({
      id: 1,
      libelle: 'BIAT courant',
      is_main: true,
      solde_initial: 1500,
      date_solde_initial: '2026-01-01',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/comptes'));
  });

  it('goes back to the list when the account is not among the loaded ones', async () => {
    banqueServer();
    const { router } = renderRoute('/syndic/banque/comptes/modifier/99');
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/comptes'));
    expect(await screen.findByText("Ce compte bancaire n'existe pas.")).toBeInTheDocument();
  });
});
