import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { apiError, authStatus, installFakeServer, json, makeUser } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import i18n from '@/i18n';
import { DONUT_COLOURS } from './charts';
import { coproprietaireDashboard, syndicDashboard } from './dashboard-fixtures';

const membre = makeUser({ nom: 'Karim Jaziri', is_syndic: true });
const leila = makeUser({ nom: 'Leïla Haddad', tel: '50000001' });

afterEach(async () => {
  await i18n.changeLanguage('fr');
});

describe('syndic dashboard (/syndic/tableau-de-bord)', () => {
  it("shows an announcement's text once, with its badge, and the next assembly", async () => {
    const texte = "Coupure d'eau jeudi de 9 h à 12 h.";
    installFakeServer({
      'GET /api/auth/status': authStatus(membre),
      'GET /api/dashboard': () =>
        json(
          200,
          syndicDashboard({
            annonces_votes: [{ type: 'annonce', id: 3, titre: texte, description: texte, is_voted: false }],
            assemblees: [
              {
                titre: 'Assemblée générale ordinaire 2026',
                date_debut: '2026-12-17',
                heure_debut: '18:30',
                lieu: 'Hall',
              },
            ],
          }),
        ),
      'GET /api/exercices': () => json(200, { success: true, exercices: [] }),
    });
    renderRoute('/syndic/tableau-de-bord');

    const annonces = await screen.findByTestId('dashboard-annonces-votes');
    expect(within(annonces).getAllByText(texte)).toHaveLength(1);
    expect(within(annonces).getByText('Annonce')).toBeInTheDocument();
    const assemblee = screen.getByTestId('dashboard-assemblee');
    expect(assemblee).toHaveTextContent('Assemblée générale ordinaire 2026');
    expect(assemblee).toHaveTextContent('17/12/2026 · 18:30');
  });

  it('shows the four cards, the lists and the donut from one GET /api/dashboard', async () => {
    const server = installFakeServer({
      'GET /api/auth/status': authStatus(membre),
      'GET /api/dashboard': () => json(200, syndicDashboard()),
      'GET /api/exercices': () => json(200, { success: true, exercices: [] }),
    });
    renderRoute('/syndic/tableau-de-bord');

    expect(await screen.findByTestId('carte-tresorerie')).toHaveTextContent('1 105,000 DT');
    expect(screen.getByText('Banque 1 000,000 DT · Espèce 105,000 DT')).toBeInTheDocument();
    expect(screen.getByTestId('carte-du-copros')).toHaveTextContent('60,000 DT');
    expect(screen.getByText('1 propriétaire doit un montant')).toBeInTheDocument();
    expect(screen.getByTestId('carte-restants-factures')).toHaveTextContent('1 075,000 DT');
    expect(screen.getByText('2 factures impayées')).toBeInTheDocument();
    expect(screen.getByTestId('carte-depenses')).toHaveTextContent('940,000 DT');

    const debiteurs = screen.getByTestId('dashboard-copros-soldes');
    expect(within(debiteurs).getByRole('link', { name: /Leïla Haddad/ })).toHaveAttribute(
      'href',
      '/syndic/recouvrement/sms-lettres/details/1',
    );
    const factures = screen.getByTestId('dashboard-factures');
    expect(within(factures).getByRole('link', { name: /Peinture cage d'escalier/ })).toHaveAttribute(
      'href',
      '/syndic/depenses/travaux/gerer/3',
    );
    expect(within(factures).getByText('Travaux')).toBeInTheDocument();

    // The donut's legend: largest first, in the rotating colours, the chart's accounts named.
    const legende = within(screen.getByTestId('dashboard-repartition')).getAllByTestId('repartition-item');
    expect(legende.map((item) => item.textContent)).toEqual([
      expect.stringContaining("Travaux décidés par l'assemblée générale"),
      expect.stringContaining('Eau'),
    ]);
    expect(legende[0]?.querySelector('span')).toHaveStyle({ background: DONUT_COLOURS[0] });
    expect(screen.getByTestId('total-revenus')).toHaveTextContent('180,000 DT');

    // Nothing yet for the modules to come, said so.
    expect(screen.getByText("Aucune assemblée n'est prévue.")).toBeInTheDocument();
    expect(screen.getByText('Aucune panne signalée.')).toBeInTheDocument();
    expect(server.calls('GET', '/api/dashboard')).toHaveLength(1);
  });

  it('asks the chosen period of the chart', async () => {
    const user = userEvent.setup();
    const server = installFakeServer({
      'GET /api/auth/status': authStatus(membre),
      'GET /api/dashboard': (request) =>
        json(200, { ...syndicDashboard(), periode: new URL(request.url).searchParams.get('periode') ?? '3m' }),
      'GET /api/exercices': () => json(200, { success: true, exercices: [] }),
    });
    renderRoute('/syndic/tableau-de-bord');
    await screen.findByTestId('carte-tresorerie');
    expect(screen.getByRole('button', { name: '3 mois' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Cette année' }));
    await waitFor(() => expect(server.calls('GET', '/api/dashboard')).toHaveLength(2));
    const urls = server.requests.filter((r) => r.path === '/api/dashboard');
    expect(urls).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Cette année' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('says the specification’s message when the dashboard cannot be read, and retries', async () => {
    const user = userEvent.setup();
    let fail = true;
    installFakeServer({
      'GET /api/auth/status': authStatus(membre),
      'GET /api/dashboard': () => (fail ? apiError(500, 'internal_error') : json(200, syndicDashboard())),
      'GET /api/exercices': () => json(200, { success: true, exercices: [] }),
    });
    renderRoute('/syndic/tableau-de-bord');
    expect(await screen.findByText('Erreur lors du chargement du tableau de bord.')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Réessayer' }));
    expect(await screen.findByTestId('carte-tresorerie')).toHaveTextContent('1 105,000 DT');
  });

  it('shows skeletons while the dashboard loads', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(membre),
      'GET /api/dashboard': () => new Promise(() => undefined),
      'GET /api/exercices': () => json(200, { success: true, exercices: [] }),
    });
    renderRoute('/syndic/tableau-de-bord');
    expect((await screen.findAllByTestId('dashboard-skeleton')).length).toBeGreaterThan(0);
  });

  it('speaks Arabic: the accounts of the chart and the period in Arabic', async () => {
    await i18n.changeLanguage('ar');
    installFakeServer({
      'GET /api/auth/status': authStatus(membre),
      'GET /api/dashboard': () => json(200, syndicDashboard()),
      'GET /api/exercices': () => json(200, { success: true, exercices: [] }),
    });
    renderRoute('/syndic/tableau-de-bord');
    expect(await screen.findByText('رصيد الخزينة')).toBeInTheDocument();
    expect(screen.getByText('أشغال قررتها الجلسة العامة')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '3 أشهر' })).toBeInTheDocument();
  });
});

describe('co-owner dashboard (/coproprietaire/tableau-de-bord)', () => {
  function serve(body = coproprietaireDashboard()) {
    return installFakeServer({
      'GET /api/auth/status': authStatus(leila),
      'GET /api/coproprietaire/dashboard': () => json(200, body),
    });
  }

  it('shows the property, the balance, the treasury, the chart and the donut when every flag allows', async () => {
    serve();
    renderRoute('/coproprietaire/tableau-de-bord');
    expect(await screen.findByTestId('carte-votre-solde')).toHaveTextContent('-60,000 DT');
    expect(screen.getByTestId('dashboard-proprietes')).toHaveTextContent('A1');
    expect(screen.getByTestId('carte-tresorerie')).toHaveTextContent('1 105,000 DT');
    expect(screen.getByTestId('dashboard-graphique')).toBeInTheDocument();
    expect(screen.getByTestId('dashboard-repartition')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voir mes cotisations' })).toHaveAttribute(
      'href',
      '/coproprietaire/cotisations',
    );
  });

  it('leaves out what the flags hide, the breakdowns taking the chart’s place', async () => {
    serve(
      coproprietaireDashboard({
        visibilite: { tresorerie: false, repartition_charges: false, recettes_depenses: false },
        solde_tresorerie: null,
        exercice: null,
        total_depenses: null,
        depenses_par_categorie: null,
        categories_depenses: null,
        revenus: null,
        depenses: null,
      }),
    );
    renderRoute('/coproprietaire/tableau-de-bord');
    await screen.findByTestId('carte-votre-solde');
    expect(screen.queryByTestId('carte-tresorerie')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-graphique')).not.toBeInTheDocument();
    expect(screen.queryByTestId('dashboard-repartition')).not.toBeInTheDocument();
    expect(screen.getByTestId('dashboard-pannes')).toBeInTheDocument();
  });

  it('offers to pay everything owed now online on the balance card, when the residence offers it (issue 21)', async () => {
    const user = userEvent.setup();
    const due = (id: number, date_echeance: string, restant_du: number) => ({
      id,
      titre: 'Charges courantes 2026',
      montant_total: 40,
      restant_du,
      date_echeance,
      etat_paiement: restant_du > 0 ? 'non_paye' : 'complet',
      dialogData: {
        propriete: { nom: 'A1' },
        cotisation: { type: 'mensuelle', date_debut: '2026-01-01', date_fin: '2026-01-31' },
      },
    });
    const server = installFakeServer({
      'GET /api/auth/status': authStatus(leila),
      'GET /api/coproprietaire/dashboard': () => json(200, coproprietaireDashboard()),
      'GET /api/coproprietaire/paiement-en-ligne': () =>
        json(200, { success: true, disponible: true, frais_au_coproprietaire: false, methodes: ['bank_card'] }),
      'GET /api/cotisations/coprorprietaire': () =>
        json(200, {
          success: true,
          cotisations: [
            due(11, '2026-01-05', 20),
            due(12, '2026-02-05', 40),
            due(13, '2026-03-05', 0),
            due(14, '2099-01-05', 40),
          ],
        }),
      'POST /api/coproprietaire/paiement-en-ligne/demander': () => apiError(503, 'passerelle_indisponible'),
    });
    renderRoute('/coproprietaire/tableau-de-bord');
    expect(await screen.findByTestId('carte-votre-solde')).toHaveTextContent('-60,000 DT');
    await user.click(await screen.findByRole('button', { name: 'Payer en ligne' }));
    await waitFor(() =>
      expect(
        JSON.parse(server.calls('POST', '/api/coproprietaire/paiement-en-ligne/demander')[0]?.body ?? 'null'),
      ).toEqual({
        montant_du_ids: [11, 12],
      }),
    );
    expect(await screen.findByText(/Le service de paiement en ligne ne répond pas/)).toBeInTheDocument();
  });

  it('offers no online payment when the residence does not (the older server: 404)', async () => {
    const server = serve();
    renderRoute('/coproprietaire/tableau-de-bord');
    await screen.findByTestId('carte-votre-solde');
    await waitFor(() => expect(server.calls('GET', '/api/coproprietaire/paiement-en-ligne')).toHaveLength(1));
    expect(screen.queryByRole('button', { name: 'Payer en ligne' })).not.toBeInTheDocument();
  });

  it('says the specification’s message when it cannot be read', async () => {
    installFakeServer({
      'GET /api/auth/status': authStatus(leila),
      'GET /api/coproprietaire/dashboard': () => apiError(500, 'internal_error'),
    });
    renderRoute('/coproprietaire/tableau-de-bord');
    expect(await screen.findByText('Erreur lors du chargement du tableau de bord.')).toBeInTheDocument();
  });
});
