import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { bodyOf, chargeEdf, depensesServer } from './depenses-fixtures';

/** The multipart body a handler received, as [name, value or file name] pairs. */
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

describe('charge form (/syndic/depenses/charges/creer)', () => {
  it('shows the validation messages in French', async () => {
    const user = userEvent.setup();
    depensesServer();
    renderRoute('/syndic/depenses/charges/creer');
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le montant est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('La date de la facture est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Choisissez un fournisseur.')).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Montant/), '12,3456');
    await user.type(within(form).getByLabelText(/Date de la facture/), '01/01/2020');
    await user.tab();
    expect(
      await within(form).findByText('Montant invalide : un nombre avec 3 décimales au plus (ex. 1250,500).'),
    ).toBeInTheDocument();
    expect(
      within(form).getByText(
        "La date doit être entre le 1er janvier de l'an dernier et le 31 décembre de l'an prochain.",
      ),
    ).toBeInTheDocument();
  });

  it('creates a supplier from the choice, selects it, and sends the charge as multipart with its files', async () => {
    const user = userEvent.setup();
    const creer = recordingMultipart({ success: true, charge: chargeEdf });
    const server = depensesServer(undefined, {
      'POST /api/fournisseurs/creer-dialog': () =>
        json(200, {
          success: true,
          fournisseur: {
            id: 7,
            nom: 'Plomberie Ben Ali',
            tel: '22333444',
            type: 'particulier',
            email: null,
            adresse: null,
            ville: null,
            gouvernorat: null,
            activite: null,
            identifiant: null,
            commentaire: null,
            utilise: false,
          },
        }),
      'POST /api/charges-courantes/creer': creer.handler,
    });
    const { router } = renderRoute('/syndic/depenses/charges/creer');
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    await user.type(within(form).getByLabelText(/Titre/), 'Fuite colonne B');
    await user.type(within(form).getByLabelText(/Montant/), ' 1 250,5 ');
    await user.type(within(form).getByLabelText(/Date de la facture/), '15032026');

    await user.click(within(form).getByRole('combobox', { name: 'Fournisseur' }));
    await user.type(screen.getByRole('textbox', { name: 'Filtrer les choix' }), 'Plomberie Ben Ali');
    await user.click(screen.getByRole('option', { name: /Nouveau fournisseur/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau fournisseur' });
    expect(within(dialog).getByLabelText(/Nom/)).toHaveValue('Plomberie Ben Ali');
    // Typed as the lists show it (2-3-3): sent as its 8 digits.
    await user.type(within(dialog).getByLabelText('Téléphone'), '22 333 444');
    await user.click(within(dialog).getByRole('button', { name: 'Créer et choisir' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bodyOf(server.calls('POST', '/api/fournisseurs/creer-dialog')[0])).toEqual({
      nom: 'Plomberie Ben Ali',
      tel: '22333444',
      type: 'particulier',
    });
    expect(within(form).getByRole('combobox', { name: 'Fournisseur' })).toHaveTextContent('Plomberie Ben Ali');

    await user.click(within(form).getByRole('combobox', { name: 'Catégorie' }));
    await user.click(screen.getByRole('option', { name: 'Électricité' }));
    await user.upload(within(form).getByLabelText('Factures'), [
      new File(['%PDF-1.4'], 'facture.pdf', { type: 'application/pdf' }),
    ]);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Dépense enregistrée.')).toBeInTheDocument();
    expect(creer.received[0]).toEqual([
      ['titre', 'Fuite colonne B'],
      ['montant', '1250.5'],
      ['date_facture', '2026-03-15'],
      ['fournisseur', '7'],
      ['categorie', '1'],
      ['commentaire', ''],
      // jsdom's File does not cross into Node's FormData whole (name and bytes): a browser sends them.
      ['factures[]', expect.any(String)],
    ]);
    const sent = server.calls('POST', '/api/charges-courantes/creer')[0];
    expect(sent?.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=/);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/depenses/charges'));
  });

  it('shows the montant_inferieur_au_paye refusal of an edit under the amount', async () => {
    const user = userEvent.setup();
    depensesServer(undefined, {
      'POST /api/charges-courantes/modifier': () =>
        json(422, { success: false, code: 'montant_inferieur_au_paye', message: 'x' }),
    });
    renderRoute('/syndic/depenses/charges/modifier/11');
    const form = await screen.findByRole('form', { name: 'Enregistrer les modifications' });
    expect(within(form).getByLabelText(/Titre/)).toHaveValue('Électricité mars');
    // The suppliers' list may answer after the record: the choice shows once both are in.
    await waitFor(() => expect(within(form).getByRole('combobox', { name: 'Fournisseur' })).toHaveTextContent('STEG'));
    // The files already attached, each removable.
    expect(within(form).getByRole('button', { name: 'Supprimer le fichier facture-mars.pdf' })).toBeEnabled();
    const montant = within(form).getByLabelText(/Montant/);
    expect(montant).toHaveValue('420.5');
    await user.clear(montant);
    await user.type(montant, '100');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(
      await within(form).findByText('Le montant ne peut pas être inférieur à ce qui est déjà payé.'),
    ).toBeInTheDocument();
  });
  it("shows the server's refusal of a file under its picker", async () => {
    const user = userEvent.setup();
    depensesServer(undefined, {
      'POST /api/charges-courantes/modifier': () =>
        json(422, {
          success: false,
          code: 'validation_failed',
          message: 'x',
          errors: { factures: ['Le fichier doit être un PDF, une image PNG ou JPEG.'] },
          field_codes: { factures: ['fichier_invalide'] },
        }),
    });
    renderRoute('/syndic/depenses/charges/modifier/11');
    const form = await screen.findByRole('form', { name: 'Enregistrer les modifications' });
    await user.upload(within(form).getByLabelText('Factures'), [
      new File(['x'], 'scan.pdf', { type: 'application/pdf' }),
    ]);
    await user.click(within(form).getByRole('button', { name: 'Enregistrer les modifications' }));
    expect(
      await within(form).findByText('Fichier refusé : seuls les PDF, PNG et JPEG sont acceptés.'),
    ).toBeInTheDocument();
  });
});

describe('works form (/syndic/depenses/travaux/creer)', () => {
  it('ticks approved or refused, the same box again undoing it, and says when no assembly exists', async () => {
    const user = userEvent.setup();
    const creer = recordingMultipart({ success: true });
    depensesServer(undefined, { 'POST /api/travaux/creer': creer.handler });
    renderRoute('/syndic/depenses/travaux/creer');
    const form = await screen.findByRole('form', { name: 'Enregistrer' });
    const approuve = within(form).getByRole('checkbox', { name: 'Approuvé' });
    const refuse = within(form).getByRole('checkbox', { name: 'Refusé' });
    await user.click(approuve);
    expect(approuve).toBeChecked();
    await user.click(refuse);
    expect(refuse).toBeChecked();
    expect(approuve).not.toBeChecked();
    await user.click(refuse);
    expect(refuse).not.toBeChecked();
    await user.click(approuve);
    await user.selectOptions(within(form).getByLabelText('Approuvé par'), 'assemblee');
    const ag = within(form).getByLabelText('Assemblée');
    expect(ag).toBeDisabled();
    expect(ag).toHaveTextContent("Aucune assemblée enregistrée pour l'instant.");
    await user.type(within(form).getByLabelText(/Titre/), 'Ravalement');
    await user.type(within(form).getByLabelText(/Montant/), '9000');
    await user.type(within(form).getByLabelText(/Date de la facture/), '01/04/2026');
    await user.click(within(form).getByRole('combobox', { name: 'Fournisseur' }));
    await user.click(screen.getByRole('option', { name: 'STEG' }));
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Dépense enregistrée.')).toBeInTheDocument();
    expect(Object.fromEntries(creer.received[0] ?? [])).toMatchObject({
      titre: 'Ravalement',
      is_approved: '1',
      approuve_par: 'assemblee',
      ag: '',
      vote: '',
      categorie: '',
    });
  });
});
