import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, contratAntenne, contratAscenseur, contratsServer } from './contrats-fixtures';

async function formEntries(request: Request): Promise<[string, string][]> {
  const data = await request.formData();
  return [...data.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
}

function recordingMultipart(answer: unknown): { handler: FakeHandler; received: [string, string][][] } {
  const received: [string, string][][] = [];
  return {
    received,
    handler: async (request) => {
      received.push(await formEntries(request));
      return json(200, answer);
    },
  };
}

describe('revenue contract form (/syndic/revenus/contrats/creer)', () => {
  it('shows the validation messages in French', async () => {
    const user = userEvent.setup();
    contratsServer();
    renderRoute('/syndic/revenus/contrats/creer');
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le montant est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('La date de début est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Choisissez un client.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Date de début/), '01/06/2026');
    await user.type(within(form).getByLabelText(/Date de fin/), '31/05/2026');
    await user.type(within(form).getByLabelText(/Montant/), '12,3456');
    await user.tab();
    expect(await within(form).findByText('La fin ne peut pas précéder le début.')).toBeInTheDocument();
    expect(
      within(form).getByText('Montant invalide : un nombre avec 3 décimales au plus (ex. 1250,500).'),
    ).toBeInTheDocument();
  });

  it('creates a client from the choice, selects it, and sends the contract as multipart with its PDF', async () => {
    const user = userEvent.setup();
    const creer = recordingMultipart({ success: true, contrat: contratAntenne });
    const server = contratsServer(undefined, {
      'POST /api/clients/creer-dialog': () =>
        json(200, {
          success: true,
          client: { id: 9, nom: 'Ooredoo', tel: '22333444', utilise: false },
        }),
      'POST /api/contrats-revenus/creer': creer.handler,
    });
    const { router } = renderRoute('/syndic/revenus/contrats/creer');
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    await user.type(within(form).getByLabelText(/Titre/), 'Antenne Ooredoo');
    await user.click(within(form).getByRole('combobox', { name: 'Client' }));
    await user.type(screen.getByRole('textbox', { name: 'Filtrer les choix' }), 'Ooredoo');
    await user.click(screen.getByRole('option', { name: /Nouveau client/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau client' });
    expect(within(dialog).getByLabelText(/Nom/)).toHaveValue('Ooredoo');
    await user.type(within(dialog).getByLabelText('Téléphone'), '22 333 44');
    await user.click(within(dialog).getByRole('button', { name: 'Créer et choisir' }));
    expect(await within(dialog).findByText('Le téléphone doit compter 8 chiffres.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Téléphone'), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Créer et choisir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(server.calls('POST', '/api/clients/creer-dialog')[0])).toEqual({ nom: 'Ooredoo', tel: '22333444' });
    expect(within(form).getByRole('combobox', { name: 'Client' })).toHaveTextContent('Ooredoo');

    await user.type(within(form).getByLabelText(/Montant/), ' 7 200,5 ');
    await user.selectOptions(within(form).getByLabelText('Périodicité du paiement'), 'annuelle');
    await user.type(within(form).getByLabelText(/Date de début/), '01012026');
    await user.upload(within(form).getByLabelText('Documents'), [
      new File(['%PDF-1.4'], 'contrat.pdf', { type: 'application/pdf' }),
    ]);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Contrat enregistré.')).toBeInTheDocument();
    expect(creer.received[0]).toEqual([
      ['titre', 'Antenne Ooredoo'],
      ['montant', '7200.5'],
      ['dateDebut', '2026-01-01'],
      ['dateFin', ''],
      ['periodicite_paiement', 'annuelle'],
      ['client', '9'],
      ['commentaire', ''],
      ['docs[]', expect.any(String)],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/contrats/gerer/41'));
  });
});

describe('expense contract edit (/syndic/depenses/contrats-depenses/modifier/{id})', () => {
  it('loads the contract, sends the supplier and category, and shows montant_inferieur_au_paye under the amount', async () => {
    const user = userEvent.setup();
    const modifier = recordingMultipart({ success: false });
    let refuse = true;
    contratsServer(undefined, {
      'POST /api/contrats-depenses/modifier': async (request) => {
        if (refuse) return json(422, { success: false, code: 'montant_inferieur_au_paye', message: 'x' });
        return modifier.handler(request);
      },
    });
    const { router } = renderRoute(`/syndic/depenses/contrats-depenses/modifier/${contratAscenseur.id}`);
    const form = await screen.findByRole('form', { name: 'Enregistrer les modifications' });
    expect(within(form).getByLabelText(/Titre/)).toHaveValue('Maintenance ascenseur');
    // The suppliers' list may answer after the record: the choice shows once both are in.
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Fournisseur' })).toHaveTextContent('Otis Tunisie'),
    );
    await waitFor(() =>
      expect(within(form).getByRole('combobox', { name: 'Catégorie' })).toHaveTextContent('Ascenseur'),
    );
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(
      await within(form).findByText('Ce montant ramènerait le total du contrat sous ce qui est déjà payé.'),
    ).toBeInTheDocument();
    refuse = false;
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() => expect(modifier.received).toHaveLength(1));
    expect(modifier.received[0]).toEqual([
      ['id', '42'],
      ['titre', 'Maintenance ascenseur'],
      ['montant', '250'],
      ['dateDebut', '2026-01-01'],
      ['dateFin', ''],
      ['periodicite_paiement', 'mensuelle'],
      ['fournisseur', '1'],
      ['categorie', '1'],
      ['commentaire', ''],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/depenses/contrats-depenses/gerer/42'));
  });
});
