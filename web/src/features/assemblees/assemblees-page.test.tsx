import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import { assembleesServer, convoquee, preparation, president, tresorier } from './assemblees-fixtures';

const PAGE = '/syndic/assemblees';

describe('assemblies list (/syndic/assemblees)', () => {
  it('shows each meeting with its date, time and state: "Étape n" while running, "Terminé" once finished', async () => {
    assembleesServer(president);
    renderRoute(PAGE);
    await screen.findByText('AG ordinaire 2026');
    expect(screen.getAllByText('12/12/2026').length).toBeGreaterThan(0);
    expect(screen.getByText('Étape 1')).toBeInTheDocument();
    expect(screen.getByText('Étape 3')).toBeInTheDocument();
    expect(screen.getByText('Terminé')).toBeInTheDocument();
  });

  it('lets the president delete a meeting below step 3 only, with the reason on the others', async () => {
    const user = userEvent.setup();
    assembleesServer(president);
    renderRoute(PAGE);
    const enPreparation = await screen.findByRole('button', { name: 'Supprimer AG ordinaire 2026' });
    expect(enPreparation).toBeEnabled();
    const convoqueeButton = screen.getByRole('button', { name: 'Supprimer AG extraordinaire ascenseur' });
    expect(convoqueeButton).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Supprimer AG ordinaire 2025' })).toBeDisabled();
    await user.hover(convoqueeButton.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent(
      "L'assemblée ne peut pas être supprimée une fois convoquée",
    );
  });

  it('deletes a meeting after confirmation and says so', async () => {
    const user = userEvent.setup();
    let assemblees = [preparation, convoquee];
    const server = assembleesServer(president, {
      'GET /api/assemblees': () => json(200, { success: true, assemblees }),
      'POST /api/assemblees/supprimer': () => {
        assemblees = [convoquee];
        return json(200, { success: true });
      },
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Supprimer AG ordinaire 2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText('Assemblée supprimée avec succès.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/assemblees/supprimer').map((call) => JSON.parse(call.body))).toEqual([{ id: 7 }]);
    await waitFor(() => expect(screen.queryByText('AG ordinaire 2026')).toBeNull());
  });

  it('says "Une erreur s\'est produite." when a deletion fails', async () => {
    const user = userEvent.setup();
    assembleesServer(president, { 'POST /api/assemblees/supprimer': () => apiError(500, 'internal_error') });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Supprimer AG ordinaire 2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Une erreur s'est produite.")).toBeInTheDocument();
  });

  it("says why the server refused a deletion, in the user's language", async () => {
    const user = userEvent.setup();
    assembleesServer(president, {
      'POST /api/assemblees/supprimer': () =>
        apiError(409, 'assemblee_non_supprimable', "L'assemblée ne peut pas être supprimée une fois convoquée"),
    });
    await i18n.changeLanguage('ar');
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'حذف AG ordinaire 2026' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'حذف' }));
    expect(await screen.findByText('حدث خطأ.')).toBeInTheDocument();
    expect(screen.getByText('لا يمكن حذف الجلسة العامة بعد توجيه الدعوات إليها')).toBeInTheDocument();
  });

  it('disables create and delete for another council member, saying only the president may', async () => {
    const user = userEvent.setup();
    assembleesServer(tresorier);
    renderRoute(PAGE);
    const creer = await screen.findByRole('button', { name: 'Nouvelle assemblée' });
    expect(creer).toBeDisabled();
    expect(await screen.findByRole('button', { name: 'Supprimer AG ordinaire 2026' })).toBeDisabled();
    await user.hover(creer.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Seul le président peut effectuer cette opération.');
  });

  it('creates a meeting at 19:30 by default, the date sent as yyyy-MM-dd', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'POST /api/assemblees/creer-dialog': () => json(200, { success: true, assemblee: preparation }),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Nouvelle assemblée' }));
    const form = await screen.findByRole('form', { name: 'Nouvelle assemblée' });
    expect(within(form).getByLabelText(/Heure/)).toHaveValue('19:30');
    await user.type(within(form).getByLabelText(/Titre/), 'AG ordinaire 2026');
    await user.type(within(form).getByLabelText(/Lieu/), 'Salle commune');
    await user.type(within(form).getByLabelText(/^Date/), '12122026');
    await user.click(within(form).getByRole('button', { name: 'Créer' }));
    expect(await screen.findByText('Assemblée créée avec succès.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/assemblees/creer-dialog').map((call) => JSON.parse(call.body))).toEqual([
      { titre: 'AG ordinaire 2026', lieu: 'Salle commune', date: '2026-12-12', heure: '19:30' },
    ]);
  });

  it('refuses a meeting without title, place or date and a time that is not HH:MM, sending nothing', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president);
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Nouvelle assemblée' }));
    const form = await screen.findByRole('form', { name: 'Nouvelle assemblée' });
    const heure = within(form).getByLabelText(/Heure/);
    await user.clear(heure);
    await user.type(heure, '2561');
    await user.click(within(form).getByRole('button', { name: 'Créer' }));
    expect(await within(form).findByText('Le titre est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le lieu est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('La date est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Heure invalide. Format attendu : HH:MM.')).toBeInTheDocument();
    expect(server.calls('POST', '/api/assemblees/creer-dialog')).toHaveLength(0);
  });

  it('is in the syndic sidebar, and reads in Arabic', async () => {
    assembleesServer(president);
    await i18n.changeLanguage('ar');
    renderRoute(PAGE);
    expect(await screen.findByRole('heading', { name: 'الجلسات العامة', level: 1 })).toBeInTheDocument();
    expect(await screen.findByText('المرحلة 1')).toBeInTheDocument();
    expect(screen.getByText('منتهية')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'الجلسات العامة' })).toHaveAttribute('href', PAGE);
  });
});
