import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json, type FakeHandler } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { president, reglement, reglement2019, reglementsServer } from './reglements-fixtures';

const PAGE = '/syndic/archive/reglements/creer';

function pdfFile(name = 'reglement-2026.pdf', bytes = 100): File {
  return new File([new Uint8Array(bytes)], name, { type: 'application/pdf' });
}

/**
 * The multipart fields a handler received, a file by its name (jsdom's files reach the fake
 * server named "blob": a file is checked to be there, not by name).
 */
async function formEntries(request: Request): Promise<[string, string][]> {
  const data = await request.formData();
  return [...data.entries()].map(([name, value]) => [name, typeof value === 'string' ? value : value.name]);
}

function recording(answer: () => Response): { handler: FakeHandler; received: [string, string][][] } {
  const received: [string, string][][] = [];
  return {
    received,
    handler: async (request) => {
      received.push(await formEntries(request));
      return answer();
    },
  };
}

async function openForm() {
  const form = await screen.findByRole('form', { name: 'Créer le règlement' });
  return form;
}

async function fill(form: HTMLElement, user: ReturnType<typeof userEvent.setup>, titre = 'Règlement 2026') {
  await user.type(within(form).getByLabelText(/Titre/), titre);
  await user.upload(within(form).getByLabelText('Document (PDF)'), pdfFile());
}

describe('regulation creation (/syndic/archive/reglements/creer)', () => {
  it('refuses a missing title and a missing document before sending', async () => {
    const user = userEvent.setup();
    const server = reglementsServer(president);
    renderRoute(PAGE);
    const form = await openForm();
    await user.click(within(form).getByRole('button', { name: 'Créer le règlement' }));
    expect(await within(form).findByText('Le titre est obligatoire')).toBeInTheDocument();
    expect(within(form).getByText('Le document PDF est obligatoire')).toBeInTheDocument();
    expect(server.calls('POST', '/api/reglements/creer')).toHaveLength(0);
  });

  it('refuses a file that is not a PDF, and a PDF above 1 MB', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const server = reglementsServer(president);
    renderRoute(PAGE);
    const form = await openForm();
    const picker = within(form).getByLabelText('Document (PDF)');
    expect(picker).toHaveAttribute('accept', '.pdf,application/pdf');
    await user.upload(picker, new File(['x'], 'reglement.docx', { type: 'application/msword' }));
    expect(
      await within(form).findByText("« reglement.docx » n'est pas accepté : choisissez un fichier PDF."),
    ).toBeVisible();
    await user.upload(picker, pdfFile('scan.pdf', 2 * 1024 * 1024));
    expect(
      await within(form).findByText('« scan.pdf » dépasse 1 Mo : un PDF ne peut pas dépasser 1 Mo.'),
    ).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/Titre/), 'Règlement 2026');
    await user.click(within(form).getByRole('button', { name: 'Créer le règlement' }));
    expect(await within(form).findByText('Le document PDF est obligatoire')).toBeInTheDocument();
    expect(server.calls('POST', '/api/reglements/creer')).toHaveLength(0);
  });

  it('warns, when "current" is ticked, that the current regulation will no longer be', async () => {
    const user = userEvent.setup();
    reglementsServer(president);
    renderRoute(PAGE);
    const form = await openForm();
    expect(within(form).queryByTestId('reglement-actuel-avertissement')).toBeNull();
    await user.click(within(form).getByRole('checkbox', { name: 'Règlement actuel' }));
    expect(within(form).getByTestId('reglement-actuel-avertissement')).toHaveTextContent(
      "Ce règlement deviendra le règlement actuel ; l'actuel ne le sera plus.",
    );
    await user.click(within(form).getByRole('checkbox', { name: 'Règlement actuel' }));
    expect(within(form).queryByTestId('reglement-actuel-avertissement')).toBeNull();
  });

  it('sends titre, is_current, commentaire and doc as multipart, then goes back to the refreshed list', async () => {
    const user = userEvent.setup();
    const created = reglement(3, 'Règlement 2026', { is_current: true, commentaire: 'Voté en AG 2026' });
    let reglements = [reglement2019];
    const creer = recording(() => {
      reglements = [created, { ...reglement2019, is_current: false }];
      return json(201, { success: true, reglement: created });
    });
    const server = reglementsServer(president, {
      'GET /api/reglements': () => json(200, { success: true, reglements }),
      'POST /api/reglements/creer': creer.handler,
    });
    // The list first, so that its cache is there to be refreshed.
    const { router } = renderRoute('/syndic/archive/reglements');
    await user.click(await screen.findByRole('link', { name: 'Créer' }));
    const form = await openForm();
    await fill(form, user, '  Règlement 2026 ');
    await user.click(within(form).getByRole('checkbox', { name: 'Règlement actuel' }));
    await user.type(within(form).getByLabelText('Commentaire'), 'Voté en AG 2026');
    await user.click(within(form).getByRole('button', { name: 'Créer le règlement' }));
    expect(await screen.findByText('Règlement créé')).toBeInTheDocument();
    expect(creer.received).toEqual([
      [
        ['titre', 'Règlement 2026'],
        ['is_current', '1'],
        ['commentaire', 'Voté en AG 2026'],
        ['doc', expect.any(String)],
      ],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/archive/reglements'));
    await waitFor(() => expect(screen.getAllByTestId('reglement-actuel')).toHaveLength(1));
    expect(screen.getAllByTestId('reglement-file')[0]).toHaveTextContent('Règlement 2026');
    expect(server.calls('GET', '/api/reglements')).toHaveLength(2);
  });

  it('sends is_current "0" and an empty comment when left so', async () => {
    const user = userEvent.setup();
    const creer = recording(() => json(201, { success: true, reglement: reglement(3, 'Annexe') }));
    reglementsServer(president, { 'POST /api/reglements/creer': creer.handler });
    const { router } = renderRoute(PAGE);
    const form = await openForm();
    await fill(form, user, 'Annexe');
    await user.click(within(form).getByRole('button', { name: 'Créer le règlement' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/archive/reglements'));
    expect(creer.received[0]).toEqual([
      ['titre', 'Annexe'],
      ['is_current', '0'],
      ['commentaire', ''],
      ['doc', expect.any(String)],
    ]);
  });

  it("shows the server's field refusals under their fields", async () => {
    const user = userEvent.setup();
    reglementsServer(president, {
      'POST /api/reglements/creer': () =>
        apiError(
          422,
          'validation_failed',
          'Certains champs sont invalides.',
          {
            titre: ['Ce texte contient des caractères non autorisés.'],
            doc: ['Le fichier doit être un PDF.'],
            commentaire: ['Le commentaire est trop long.'],
          },
          { titre: ['caracteres_interdits'], doc: ['pdf_requis'], commentaire: ['commentaire_trop_long'] },
        ),
    });
    const { router } = renderRoute(PAGE);
    const form = await openForm();
    await fill(form, user);
    await user.click(within(form).getByRole('button', { name: 'Créer le règlement' }));
    expect(await within(form).findByText('Ce texte contient des caractères non autorisés.')).toBeInTheDocument();
    expect(within(form).getByText('Le document doit être un fichier PDF.')).toBeInTheDocument();
    expect(within(form).getByText('Le commentaire ne doit pas dépasser 1000 caractères.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(PAGE);
  });

  it("shows a known refusal in the user's language, else the server's message, else created_error", async () => {
    const user = userEvent.setup();
    let answer: () => Response = () => apiError(403, 'president_required', 'Seul le président…');
    reglementsServer(president, { 'POST /api/reglements/creer': () => answer() });
    renderRoute(PAGE);
    const form = await openForm();
    await fill(form, user);
    const submit = within(form).getByRole('button', { name: 'Créer le règlement' });
    await user.click(submit);
    expect(await screen.findByText('Seul le président peut effectuer cette opération.')).toBeInTheDocument();

    answer = () => apiError(409, 'code_inconnu_du_client', 'Le stockage des documents est plein.');
    await user.click(submit);
    expect(await screen.findByText('Le stockage des documents est plein.')).toBeInTheDocument();

    answer = () => new Response('boom', { status: 500 });
    await user.click(submit);
    expect(await screen.findByText("Le règlement n'a pas pu être créé.")).toBeInTheDocument();
  });

  it('is all Arabic in Arabic', async () => {
    const user = userEvent.setup();
    reglementsServer(president);
    await i18n.changeLanguage('ar');
    renderRoute(PAGE);
    const form = await screen.findByRole('form', { name: 'إنشاء النظام' });
    await user.click(within(form).getByRole('checkbox', { name: 'النظام الحالي' }));
    await user.click(within(form).getByRole('button', { name: 'إنشاء النظام' }));
    expect(await within(form).findByText('العنوان إلزامي')).toBeInTheDocument();
    expect(within(form).getByText('وثيقة PDF إلزامية')).toBeInTheDocument();
    const text = screen.getByRole('main').textContent ?? '';
    expect(text).not.toMatch(/Règlement|Titre|Commentaire|Document|Créer|Annuler|Choisir|actuel|obligatoire/);
  });
});
