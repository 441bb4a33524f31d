import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, json, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import i18n from '@/i18n';
import { ligneEnteteDuFichier } from './ligne-entete';
import { releveFormData } from './releves-api';
import { guessColumns } from './schemas';
import {
  apercuLu,
  apercuSansMapping,
  bodyOf,
  CSV_BIAT,
  formEntries,
  mappingBiat,
  releve,
  releveEquilibre,
  relevesServer,
} from './releves-fixtures';

const IMPORTER = '/syndic/banque/rapprochement/importer?compte=1';
const RELEVE = '/syndic/banque/rapprochement/releves/7';

const csv = () => new File([CSV_BIAT], 'releve-octobre.csv', { type: 'text/csv' });

function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

async function openImport(routes: Record<string, FakeHandler> = {}) {
  const server = relevesServer(undefined, routes);
  const rendered = renderRoute(IMPORTER);
  await screen.findByRole('heading', { name: 'Importer un relevé' });
  await waitFor(() => expect(screen.getByLabelText('Compte')).toHaveValue('1'));
  return { server, ...rendered };
}

async function openReleve(routes: Record<string, FakeHandler> = {}) {
  const server = relevesServer(undefined, routes);
  const rendered = renderRoute(RELEVE);
  await screen.findByRole('heading', { name: /Relevé du 03\/10\/2026 au 31\/10\/2026/ });
  await screen.findByText('FRAIS TENUE DE COMPTE');
  return { server, ...rendered };
}

describe('importing a statement (/syndic/banque/rapprochement/importer)', () => {
  it('asks for the columns of an unknown bank, previews again with them, then imports and opens the statement', async () => {
    const user = userEvent.setup();
    const apercus: Record<string, string>[] = [];
    const imports: Record<string, string>[] = [];
    const { router } = await openImport({
      'POST /api/banque/releves/apercu': async (request) => {
        const entries = await formEntries(request);
        apercus.push(entries);
        return json(200, entries.mapping ? apercuLu : apercuSansMapping);
      },
      'POST /api/banque/releves/importer': async (request) => {
        imports.push(await formEntries(request));
        return json(201, { success: true, releve, deja_importe: false });
      },
    });
    await user.upload(screen.getByLabelText('Fichier'), csv());
    const form = await screen.findByRole('form', { name: 'Colonnes du fichier' });
    // jsdom's Request drops the file's name on the way (releveFormData's test checks it).
    expect(apercus[0]).toEqual({ compte: '1', fichier: expect.stringMatching(/^file:/) });
    // The file's first rows, as they are, to find the headers' row.
    expect(within(screen.getByTestId('apercu-brut')).getByText('VIR RECU LEILA BEN SALAH')).toBeInTheDocument();
    // Nothing to import before the columns are known.
    expect(screen.queryByTestId('releve-importer')).not.toBeInTheDocument();

    // The headers' line found in the file, the columns guessed from their names.
    expect(within(form).getByLabelText('Ligne des en-têtes')).toHaveValue('2');
    expect(within(form).getByLabelText('Date')).toHaveValue('Date opération');
    expect(within(form).getByLabelText('Libellé')).toHaveValue('Libellé');
    expect(within(form).getByRole('radio', { name: 'Colonnes débit et crédit' })).toBeChecked();
    expect(within(form).getByLabelText('Débit')).toHaveValue('Débit');
    expect(within(form).getByLabelText('Crédit')).toHaveValue('Crédit');
    expect(within(form).getByLabelText('Référence (facultatif)')).toHaveValue('Référence');
    await user.click(within(form).getByRole('button', { name: 'Prévisualiser' }));

    const apercu = await screen.findByTestId('releve-apercu');
    expect(JSON.parse(apercus[1]?.mapping ?? 'null')).toEqual(mappingBiat);
    expect(apercu).toHaveTextContent('CSV, du 03/10/2026 au 31/10/2026');
    expect(apercu).toHaveTextContent(/Solde de clôture\s*8\s232,500\sDT/);
    // The line imported already by an earlier statement is greyed, with its badge.
    const deja = rowOf('VIR RECU LEILA BEN SALAH');
    expect(deja).toHaveAttribute('data-deja-importee', 'true');
    expect(within(deja).getByText('Déjà importée')).toBeInTheDocument();
    expect(rowOf('FRAIS TENUE DE COMPTE')).not.toHaveAttribute('data-deja-importee');
    expect(within(rowOf('FRAIS TENUE DE COMPTE')).getByText(/^-12,500\sDT$/)).toHaveClass('text-destructive');
    expect(screen.getByTestId('apercu-compte')).toHaveTextContent('Lignes : 2 · déjà importées : 1 (ignorées)');

    await user.click(screen.getByRole('button', { name: 'Importer les nouvelles lignes (1)' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/rapprochement/releves/7'));
    expect(imports).toEqual([
      { compte: '1', fichier: expect.stringMatching(/^file:/), mapping: JSON.stringify(mappingBiat) },
    ]);
    expect(await screen.findByText('Relevé importé.')).toBeInTheDocument();
    expect(screen.getByText('1 ligne(s) pointée(s) sur 4.')).toBeInTheDocument();
  });

  it('previews a file of a known bank at once, and says when the same file was imported already', async () => {
    const user = userEvent.setup();
    await openImport({
      'POST /api/banque/releves/apercu': () => json(200, { ...apercuLu, deja_importe: true }),
    });
    await user.upload(screen.getByLabelText('Fichier'), csv());
    expect(await screen.findByTestId('deja-importe')).toHaveTextContent(
      "Ce fichier a déjà été importé : l'importer à nouveau ne change rien.",
    );
    expect(screen.queryByRole('form', { name: 'Colonnes du fichier' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ouvrir le relevé' })).toBeInTheDocument();
    // The remembered columns can still be changed.
    await user.click(screen.getByRole('button', { name: 'Modifier les colonnes' }));
    const form = await screen.findByRole('form', { name: 'Colonnes du fichier' });
    expect(within(form).getByLabelText('Date')).toHaveValue('Date opération');
    expect(within(form).getByLabelText('Débit')).toHaveValue('Débit');
  });

  it('requires the columns before previewing', async () => {
    const user = userEvent.setup();
    const { server } = await openImport({
      'POST /api/banque/releves/apercu': () => json(200, apercuSansMapping),
    });
    await user.upload(screen.getByLabelText('Fichier'), csv());
    const form = await screen.findByRole('form', { name: 'Colonnes du fichier' });
    await user.selectOptions(within(form).getByLabelText('Date'), '');
    await user.selectOptions(within(form).getByLabelText('Débit'), '');
    await user.click(within(form).getByRole('button', { name: 'Prévisualiser' }));
    expect(await within(form).findAllByText('Choisissez une colonne.')).toHaveLength(2);
    await user.click(within(form).getByRole('radio', { name: 'Une colonne signée' }));
    await user.click(within(form).getByRole('button', { name: 'Prévisualiser' }));
    // Date and the signed amount.
    expect(await within(form).findAllByText('Choisissez une colonne.')).toHaveLength(2);
    expect(server.calls('POST', '/api/banque/releves/apercu')).toHaveLength(1);
  });

  it('says which line of the file cannot be read, and why', async () => {
    const user = userEvent.setup();
    await openImport({
      'POST /api/banque/releves/apercu': () =>
        json(422, {
          success: false,
          code: 'validation_failed',
          message: 'Les données sont invalides.',
          errors: { fichier: ['Ligne 14 : montant illisible: 12,3,4'] },
          field_codes: { fichier: ['releve_ligne_invalide'] },
          ligne: 14,
          raison: 'montant illisible: 12,3,4',
        }),
    });
    await user.upload(screen.getByLabelText('Fichier'), csv());
    expect(await screen.findByTestId('releve-erreur')).toHaveTextContent(
      "La ligne 14 du fichier n'a pas pu être lue : montant illisible: 12,3,4.",
    );
    expect(screen.queryByTestId('releve-apercu')).not.toBeInTheDocument();
  });

  it("says in Arabic which line cannot be read and why, the file's value kept as it is", async () => {
    const refus = (raison: string) => () =>
      json(422, {
        success: false,
        code: 'validation_failed',
        message: 'Les données sont invalides.',
        errors: { fichier: [`Ligne 14 : ${raison}`] },
        field_codes: { fichier: ['releve_ligne_invalide'] },
        ligne: 14,
        raison,
      });
    const user = userEvent.setup();
    await openImport({ 'POST /api/banque/releves/apercu': refus('montant illisible: 12,3,4') });
    await act(() => i18n.changeLanguage('ar'));
    await user.upload(screen.getByLabelText('الملف'), csv());
    const erreur = await screen.findByTestId('releve-erreur');
    expect(erreur).toHaveTextContent('تعذّرت قراءة السطر 14 من الملف: مبلغ غير مقروء: \u206612,3,4\u2069.');
    expect(erreur).not.toHaveTextContent(/illisible/);
  });

  it('says in Arabic only which line for a reason it cannot word in Arabic', async () => {
    const user = userEvent.setup();
    await openImport({
      'POST /api/banque/releves/apercu': () =>
        json(422, {
          success: false,
          code: 'validation_failed',
          message: 'Les données sont invalides.',
          errors: { fichier: ['Ligne 3 : colonne manquante'] },
          field_codes: { fichier: ['releve_ligne_invalide'] },
          ligne: 3,
          raison: 'colonne manquante',
        }),
    });
    await act(() => i18n.changeLanguage('ar'));
    await user.upload(screen.getByLabelText('الملف'), csv());
    expect(await screen.findByTestId('releve-erreur')).toHaveTextContent('تعذّرت قراءة السطر 3 من الملف.');
  });

  it('says when the file is not a statement it knows', async () => {
    const user = userEvent.setup();
    await openImport({
      'POST /api/banque/releves/apercu': () =>
        apiError(
          422,
          'validation_failed',
          'Les données sont invalides.',
          { fichier: ['…'] },
          {
            fichier: ['releve_format_inconnu'],
          },
        ),
    });
    await user.upload(screen.getByLabelText('Fichier'), csv());
    expect(await screen.findByTestId('releve-erreur')).toHaveTextContent(
      "Ce fichier n'est pas un relevé reconnu (CSV, Excel, OFX ou camt.053).",
    );
  });

  it('says when a line is dated in a closed fiscal year', async () => {
    const user = userEvent.setup();
    await openImport({
      'POST /api/banque/releves/apercu': () => json(200, apercuLu),
      'POST /api/banque/releves/importer': () => apiError(403, 'exercice_cloture'),
    });
    await user.upload(screen.getByLabelText('Fichier'), csv());
    await user.click(await screen.findByRole('button', { name: 'Importer les nouvelles lignes (1)' }));
    expect(await screen.findByTestId('releve-erreur')).toHaveTextContent(/clôtur/);
  });
});

describe('a statement (/syndic/banque/rapprochement/releves/{id})', () => {
  it('checks the closing balance: the difference and the lines not pointed that explain it', async () => {
    await openReleve();
    const controle = screen.getByTestId('releve-controle');
    expect(within(controle).getByTestId('controle-solde-releve')).toHaveTextContent(/^8\s612,500\sDT$/);
    expect(within(controle).getByTestId('controle-solde-banque')).toHaveTextContent(/^8\s245,000\sDT$/);
    expect(within(controle).getByTestId('controle-ecart')).toHaveTextContent(/^367,500\sDT$/);
    expect(within(controle).getByTestId('controle-statut')).toHaveAttribute('data-equilibre', 'false');
    expect(within(controle).getByTestId('controle-statut')).toHaveTextContent(/Écart de 367,500\sDT/);
    const ouvertes = within(controle).getByTestId('controle-lignes-ouvertes');
    expect(within(ouvertes).getAllByRole('listitem')).toHaveLength(3);
    expect(ouvertes).toHaveTextContent('FRAIS TENUE DE COMPTE');
    expect(ouvertes).not.toHaveTextContent('VIR RECU LEILA BEN SALAH');
    expect(within(controle).getByTestId('releve-compteurs')).toHaveTextContent(
      'Pointées : 1 · proposées : 1 · sans correspondance : 2',
    );
  });

  it('checks a CSV statement against the closing balance the treasurer types', async () => {
    const user = userEvent.setup();
    const csvReleve = {
      ...releve,
      solde_cloture: null,
      controle: { solde_releve: null, solde_banque: 8245, ecart: null, equilibre: null },
    };
    await openReleve({ 'GET /api/banque/releves/details': () => json(200, csvReleve) });
    const controle = screen.getByTestId('releve-controle');
    expect(within(controle).getByTestId('controle-statut')).toHaveTextContent(
      'Ce fichier ne donne pas le solde de clôture',
    );
    const saisi = within(controle).getByLabelText('Solde de clôture imprimé sur le relevé');
    await user.type(saisi, '8 612,5');
    expect(within(controle).getByTestId('controle-ecart')).toHaveTextContent(/^367,500\sDT$/);
    expect(within(controle).getByTestId('controle-statut')).toHaveAttribute('data-equilibre', 'false');
    expect(within(controle).getByTestId('controle-lignes-ouvertes')).toHaveTextContent('FRAIS TENUE DE COMPTE');
    await user.clear(saisi);
    await user.type(saisi, '8245');
    expect(within(controle).getByTestId('controle-statut')).toHaveAttribute('data-equilibre', 'true');
    expect(within(controle).getByTestId('controle-statut')).toHaveTextContent('Équilibré');
  });

  it('shows each line with its state and what it is pointed with', async () => {
    await openReleve();
    const statut = (text: string) => rowOf(text).querySelector('[data-statut]');
    expect(statut('VIR RECU LEILA BEN SALAH')).toHaveTextContent('Pointée');
    expect(rowOf('VIR RECU LEILA BEN SALAH')).toHaveTextContent(
      'Pointée avec : Encaissement Charges courantes 2026 — A2',
    );
    expect(statut('REMISE CHEQUES 0007')).toHaveTextContent('Proposée');
    expect(statut('FRAIS TENUE DE COMPTE')).toHaveTextContent('Sans correspondance');
    expect(rowOf('FRAIS TENUE DE COMPTE')).toHaveTextContent('Probablement : Frais bancaires');
    // Each state has its own action.
    expect(within(rowOf('VIR RECU LEILA BEN SALAH')).getByRole('button', { name: /Annuler/ })).toBeInTheDocument();
    expect(within(rowOf('REMISE CHEQUES 0007')).getByRole('button', { name: /Valider/ })).toBeInTheDocument();
    expect(within(rowOf('FRAIS TENUE DE COMPTE')).getAllByRole('button')).toHaveLength(1);
    // Money in with nothing in the books: a collection or an operation.
    expect(within(rowOf('VIR RECU SAMI GHARBI')).getAllByRole('button')).toHaveLength(2);
  });

  it('undoes a pointed line', async () => {
    const user = userEvent.setup();
    const { server } = await openReleve({
      'POST /api/banque/releves/defaire': () => json(200, { success: true, releve }),
    });
    await user.click(screen.getByRole('button', { name: 'Annuler le pointage de VIR RECU LEILA BEN SALAH' }));
    expect(await screen.findByText('Pointage annulé.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/releves/defaire')[0])).toEqual({ releve: 7, ligne: 1 });
    await waitFor(() => expect(server.calls('GET', '/api/banque/releves/details')).toHaveLength(2));
  });

  it('validates a proposal with the set of movements chosen', async () => {
    const user = userEvent.setup();
    const { server } = await openReleve({
      'POST /api/banque/releves/rapprocher': () => json(200, { success: true, releve }),
    });
    await user.click(screen.getByRole('button', { name: 'Valider la proposition pour REMISE CHEQUES 0007' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valider la proposition' });
    const choix = within(dialog).getAllByRole('radio');
    expect(choix).toHaveLength(2);
    // The best set is chosen first.
    expect(choix[0]).toBeChecked();
    await user.click(choix[1] as HTMLElement);
    await user.click(within(dialog).getByRole('button', { name: 'Pointer' }));
    expect(await screen.findByText('Ligne pointée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/releves/rapprocher')[0])).toEqual({
      releve: 7,
      ligne: 2,
      mouvements: [
        { table: 'encaissement', id: 20 },
        { table: 'encaissement', id: 21 },
      ],
    });
  });

  it('creates the bank-fee operation of an unmatched line, prefilled, and the balances agree', async () => {
    const user = userEvent.setup();
    let created = false;
    const { server } = await openReleve({
      'GET /api/banque/releves/details': () => json(200, created ? releveEquilibre : releve),
      'POST /api/banque/releves/creer-operation': () => {
        created = true;
        return json(200, { success: true, releve: releveEquilibre });
      },
    });
    await user.click(screen.getByRole('button', { name: "Créer l'opération de FRAIS TENUE DE COMPTE" }));
    const dialog = await screen.findByRole('dialog', { name: "Créer l'opération bancaire" });
    const type = within(dialog).getByLabelText('Type');
    expect(type).toHaveValue('frais');
    // Money out: a fee or a withdrawal only.
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choisir le type', 'Frais bancaires', 'Retrait']);
    expect(within(dialog).getByLabelText('Libellé')).toHaveValue('Frais de tenue de compte');
    await user.click(within(dialog).getByRole('button', { name: 'Créer et pointer' }));
    expect(await screen.findByText('Opération créée et pointée.')).toBeInTheDocument();
    expect(bodyOf(server.calls('POST', '/api/banque/releves/creer-operation')[0])).toEqual({
      releve: 7,
      ligne: 3,
      type: 'frais',
      libelle: 'Frais de tenue de compte',
    });
    await waitFor(() =>
      expect(screen.getByTestId('controle-statut')).toHaveTextContent(
        'Équilibré : le solde du relevé est celui de la banque après pointage.',
      ),
    );
  });

  it('says the server refusal of a type that does not fit the line', async () => {
    const user = userEvent.setup();
    await openReleve({
      'POST /api/banque/releves/creer-operation': () => apiError(422, 'type_incompatible'),
    });
    await user.click(screen.getByRole('button', { name: "Créer l'opération de FRAIS TENUE DE COMPTE" }));
    const dialog = await screen.findByRole('dialog', { name: "Créer l'opération bancaire" });
    await user.click(within(dialog).getByRole('button', { name: 'Créer et pointer' }));
    expect(await screen.findByText(/Ce type ne convient pas au sens de la ligne/)).toBeInTheDocument();
  });

  it('opens the collection form with a money-in line, to come back and point it', async () => {
    const user = userEvent.setup();
    const { router } = await openReleve();
    await user.click(screen.getByRole('button', { name: "Créer l'encaissement de VIR RECU SAMI GHARBI" }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/revenus/encaissement'));
    expect(router.state.location.state).toMatchObject({
      releve: { releve: 7, ligne: 4, compte: 1, montant: 90, date: '2026-10-20' },
    });
  });
});

describe('back from the collection of a statement line', () => {
  it('points the collection recorded with the line, once', async () => {
    const server = relevesServer(undefined, {
      'POST /api/banque/releves/rapprocher': () => json(200, { success: true, releve }),
    });
    const { router } = renderRoute('/syndic/banque/rapprochement/releves?compte=1');
    await screen.findByRole('heading', { name: 'Relevés importés' });
    await act(() => router.navigate(RELEVE, { state: { rapprocher: { releve: 7, ligne: 4, encaissement: 130 } } }));
    expect(await screen.findByText('Encaissement enregistré et pointé avec la ligne du relevé.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/banque/releves/rapprocher').map(bodyOf)).toEqual([
      { releve: 7, ligne: 4, mouvements: [{ table: 'encaissement', id: 130 }] },
    ]);
    // The state is forgotten: a reload does not point again.
    expect(router.state.location.state).toBeNull();
  });
});

describe('guessColumns', () => {
  it('guesses each field from the headers, the date first ("Date opération" is no label)', () => {
    expect(guessColumns(['Date opération', 'Opération', 'Montant', 'Réf.'])).toEqual({
      date: 'Date opération',
      libelle: 'Opération',
      mode: 'signe',
      montant: 'Montant',
      debit: '',
      credit: '',
      reference: 'Réf.',
    });
  });
});

describe('ligneEnteteDuFichier', () => {
  const colonnes = ['Date opération', 'Libellé', 'Référence', 'Débit', 'Crédit'];
  it("finds the headers' line of a CSV, whatever its delimiter, quotes and accents", async () => {
    expect(await ligneEnteteDuFichier(new Blob([CSV_BIAT]), colonnes)).toBe(2);
    const quoted = 'Relevé\n\n"DATE OPERATION","Libelle","Reference","Debit","Credit"\n';
    expect(await ligneEnteteDuFichier(new Blob([quoted]), colonnes)).toBe(3);
  });
  it('says null for a workbook or headers not found', async () => {
    expect(await ligneEnteteDuFichier(new Blob(['PK\u0003\u0004…']), colonnes)).toBeNull();
    expect(await ligneEnteteDuFichier(new Blob(['Date;Montant\n']), colonnes)).toBeNull();
  });
});

describe('releveFormData', () => {
  it('names the account `compte`, the file `fichier` under its own name, the mapping `mapping` as JSON', () => {
    const body = releveFormData(1, csv(), mappingBiat);
    expect([...body.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name])).toEqual([
      ['compte', '1'],
      ['fichier', 'releve-octobre.csv'],
      ['mapping', JSON.stringify(mappingBiat)],
    ]);
    expect([...releveFormData(1, csv(), null).keys()]).toEqual(['compte', 'fichier']);
  });
});

describe('the statements of an account (/syndic/banque/rapprochement/releves)', () => {
  it('lists them with their counts, each opening its statement', async () => {
    const user = userEvent.setup();
    const { router } = (() => {
      relevesServer();
      return renderRoute('/syndic/banque/rapprochement/releves?compte=1');
    })();
    await screen.findByRole('heading', { name: 'Relevés importés' });
    const lien = await screen.findByRole('link', { name: 'du 03/10/2026 au 31/10/2026' });
    expect(rowOf('releve-octobre.csv')).toHaveTextContent(/4\s*1\s*1\s*2/);
    expect(screen.getByTestId('releves-importer')).toHaveAttribute(
      'href',
      '/syndic/banque/rapprochement/importer?compte=1',
    );
    await user.click(lien);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/banque/rapprochement/releves/7'));
    await screen.findByTestId('releve-controle');
  });
});
