import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { apiError, json } from '@/testing/fake-server';
import { renderRoute } from '@/testing/render';
import {
  assembleesServer,
  convoquee,
  etape1,
  etape4,
  etape5,
  presence,
  presencesVides,
  president,
  resolution,
  tresorier,
} from './assemblees-fixtures';

const titres = () => screen.getAllByTestId('point-titre').map((element) => element.textContent);
const numeros = () => screen.getAllByTestId('point-numero').map((element) => element.textContent);

describe('timeline (/syndic/assemblees/{id}/etapes)', () => {
  it('shows steps below the meeting completed, its step current, the others next, step 1 locked once convened', async () => {
    assembleesServer(president, {
      'GET /api/assemblees/etape1': () => json(200, { ...etape1, info_generales: convoquee }),
    });
    renderRoute('/syndic/assemblees/8/etapes');
    await screen.findByRole('heading', { name: 'AG extraordinaire ascenseur', level: 1 });
    const etapes = screen.getAllByTestId('etape');
    expect(etapes.map((etape) => etape.dataset.etat)).toEqual(['termine', 'termine', 'courant', 'suivant', 'suivant']);
    expect(etapes.map((etape) => etape.dataset.verrou)).toEqual(['true', 'false', 'false', 'false', 'false']);
    expect(etapes[0]).toHaveTextContent("Verrouillée : l'assemblée est convoquée.");
    expect(within(etapes[2]!).getByRole('link')).toHaveAttribute('href', '/syndic/assemblees/8/etapes/3');
    // From step 3 the meeting may always go on to step 4 (where its start is recorded), not beyond.
    expect(within(etapes[3]!).getByRole('link')).toHaveAttribute('href', '/syndic/assemblees/8/etapes/4');
    expect(within(etapes[4]!).queryByRole('link')).toBeNull();
  });
});

describe('step 1 (/syndic/assemblees/{id}/etapes/1)', () => {
  it('opens the convocations only once the agenda has a point', async () => {
    const user = userEvent.setup();
    assembleesServer(president, {
      'GET /api/assemblees/etape1': () => json(200, { ...etape1, ordre_du_jour: [] }),
    });
    const view = renderRoute('/syndic/assemblees/7/etapes/1');
    const next = await screen.findByTestId('etape-suivante');
    expect(next).toBeDisabled();
    await user.hover(next.parentElement as HTMLElement);
    expect(await screen.findByRole('tooltip')).toHaveTextContent("Ajoutez au moins un point à l'ordre du jour.");
    view.unmount();

    assembleesServer(president);
    renderRoute('/syndic/assemblees/7/etapes/1');
    expect(await screen.findByRole('link', { name: /Passer aux convocations/ })).toHaveAttribute(
      'href',
      '/syndic/assemblees/7/etapes/2',
    );
  });

  it('refuses an attachment that is not a PDF before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const server = assembleesServer(president);
    renderRoute('/syndic/assemblees/7/etapes/1');
    await user.upload(await screen.findByTestId('pieces-jointes'), [
      new File(['%PDF-1.4'], 'rapport.pdf', { type: 'application/pdf' }),
      new File(['x'], 'devis.docx', { type: 'application/msword' }),
    ]);
    expect(
      await screen.findByText("« devis.docx » n'est pas un PDF : seuls les PDF sont acceptés."),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/assemblees/modifier/pieces-jointes')).toHaveLength(0);
  });
});

describe('agenda (/syndic/assemblees/{id}/etapes/1/ordre-du-jour)', () => {
  const PAGE = '/syndic/assemblees/7/etapes/1/ordre-du-jour';

  it('moves a point with the arrows and numbers the points again from 1', async () => {
    const user = userEvent.setup();
    assembleesServer(president);
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Descendre Approbation des comptes 2025' }));
    expect(titres()).toEqual(['Budget 2027', 'Approbation des comptes 2025', 'Ravalement de façade']);
    expect(numeros()).toEqual(['1', '2', '3']);
  });

  it('moves a point dragged onto another one', async () => {
    assembleesServer(president);
    renderRoute(PAGE);
    await screen.findByText('Ravalement de façade');
    const [first, , third] = screen.getAllByTestId('point-ordre-du-jour');
    fireEvent.dragStart(third!);
    fireEvent.dragOver(first!);
    fireEvent.drop(first!);
    expect(titres()).toEqual(['Ravalement de façade', 'Approbation des comptes 2025', 'Budget 2027']);
    expect(numeros()).toEqual(['1', '2', '3']);
  });

  it('sends the whole agenda numbered in its new order, a removed point left out and a library point added', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'POST /api/assemblees/modifier/ordre-du-jour': () => json(200, { success: true, ordre_du_jour: [] }),
    });
    const { router } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Retirer Budget 2027' }));
    await user.click(screen.getByRole('button', { name: 'Monter Ravalement de façade' }));
    await user.click(screen.getByTestId('ajouter-point'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('combobox', { name: 'Point de la bibliothèque' }));
    await user.click(await screen.findByRole('option', { name: /Quitus au syndic/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un point' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByTestId('ordre-du-jour-enregistrer'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/assemblees/7/etapes/1'));
    expect(server.calls('POST', '/api/assemblees/modifier/ordre-du-jour').map((call) => JSON.parse(call.body))).toEqual(
      [
        {
          assemblee_id: 7,
          ordreDuJour: [
            { numero: 1, point: 'Ravalement de façade', projet_resolution: 'Les travaux sont votés.' },
            { numero: 2, point: 'Approbation des comptes 2025', projet_resolution: 'Les comptes sont approuvés.' },
            { numero: 3, point: 'Quitus au syndic', projet_resolution: "L'assemblée donne quitus." },
          ],
        },
      ],
    );
  });

  it('asks for a library point, or a custom title of at least 2 characters', async () => {
    const user = userEvent.setup();
    assembleesServer(president);
    renderRoute(PAGE);
    await user.click(await screen.findByTestId('ajouter-point'));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un point' }));
    expect(await within(dialog).findByText('Veuillez sélectionner un point de la bibliothèque')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('tab', { name: 'Point personnalisé' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un point' }));
    expect(await within(dialog).findByText('Veuillez saisir un titre pour le point')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Titre du point/), 'A');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un point' }));
    expect(await within(dialog).findByText('Le titre doit comporter au moins 2 caractères.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Titre du point/), 'scenseur');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter un point' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(titres()).toEqual(['Approbation des comptes 2025', 'Budget 2027', 'Ravalement de façade', 'Ascenseur']);
  });

  it('is read only once the meeting is convened', async () => {
    assembleesServer(president, {
      'GET /api/assemblees/etape1': () =>
        json(200, { ...etape1, info_generales: { ...etape1.info_generales, date_convocation: '2026-11-20' } }),
    });
    renderRoute(PAGE);
    expect(await screen.findByTestId('etape-lecture-seule')).toHaveTextContent(
      "Verrouillée : l'assemblée est convoquée.",
    );
    expect(screen.getByTestId('ordre-du-jour-enregistrer')).toBeDisabled();
    expect(screen.queryByRole('button', { name: /Descendre/ })).toBeNull();
  });

  it('shows each draft resolution whole as text once the meeting is convened, not in a cut box', async () => {
    assembleesServer(president, {
      'GET /api/assemblees/etape1': () =>
        json(200, { ...etape1, info_generales: { ...etape1.info_generales, date_convocation: '2026-11-20' } }),
    });
    renderRoute(PAGE);
    await screen.findByTestId('etape-lecture-seule');
    expect(screen.getAllByTestId('point-projet').map((element) => element.textContent)).toEqual([
      'Les comptes sont approuvés.',
      '—',
      'Les travaux sont votés.',
    ]);
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});

describe('presences (/syndic/assemblees/{id}/etapes/4/presences)', () => {
  const PAGE = '/syndic/assemblees/7/etapes/4/presences';
  const withNobody = { 'GET /api/assemblees/etape4': () => json(200, { ...etape4, presences: presencesVides }) };

  it('refuses to record nobody present, then "Tout Cocher" marks everyone present', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      ...withNobody,
      'POST /api/assemblees/modifier/presences': () => json(200, { success: true, presences: [] }),
    });
    const { router } = renderRoute(PAGE);
    await user.click(await screen.findByTestId('presences-enregistrer'));
    expect(await screen.findByTestId('presences-erreurs')).toHaveTextContent(
      "Aucun résident n'est marqué comme présent.",
    );
    expect(server.calls('POST', '/api/assemblees/modifier/presences')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Tout Cocher' }));
    for (const nom of ['Sami Gharbi', 'Hedi Mabrouk', 'Nour Ayari'])
      expect(screen.getByRole('checkbox', { name: `${nom} présent` })).toBeChecked();
    await user.click(screen.getByTestId('presences-enregistrer'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/assemblees/7/etapes/4'));
    expect(JSON.parse(server.calls('POST', '/api/assemblees/modifier/presences')[0]!.body)).toEqual({
      assemblee_id: 7,
      records: [
        { occupant_id: 50, is_present: 'present', representant: null },
        { occupant_id: 60, is_present: 'present', representant: null },
        { occupant_id: 70, is_present: 'present', representant: null },
      ],
    });
  });

  it("requires the representative's name of a represented co-owner, then sends it", async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      ...withNobody,
      'POST /api/assemblees/modifier/presences': () => json(200, { success: true, presences: [] }),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('checkbox', { name: 'Sami Gharbi présent' }));
    await user.click(screen.getByRole('checkbox', { name: 'Hedi Mabrouk représenté' }));
    await user.click(screen.getByTestId('presences-enregistrer'));
    expect(await screen.findByTestId('presences-erreurs')).toHaveTextContent(
      'Le représentant est requis pour Hedi Mabrouk',
    );
    expect(server.calls('POST', '/api/assemblees/modifier/presences')).toHaveLength(0);
    await user.type(screen.getByRole('textbox', { name: 'Représentant de Hedi Mabrouk' }), 'Mounir Mabrouk');
    await user.click(screen.getByTestId('presences-enregistrer'));
    await waitFor(() => expect(server.calls('POST', '/api/assemblees/modifier/presences')).toHaveLength(1));
    expect(JSON.parse(server.calls('POST', '/api/assemblees/modifier/presences')[0]!.body).records).toEqual([
      { occupant_id: 50, is_present: 'present', representant: null },
      { occupant_id: 60, is_present: 'represente', representant: 'Mounir Mabrouk' },
      { occupant_id: 70, is_present: 'absent', representant: null },
    ]);
  });

  it('is read only for another council member', async () => {
    assembleesServer(tresorier);
    renderRoute(PAGE);
    expect(await screen.findByRole('checkbox', { name: 'Sami Gharbi présent' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Tout Cocher' })).toBeDisabled();
    expect(screen.getByTestId('presences-enregistrer')).toBeDisabled();
  });
});

describe('vote (/syndic/assemblees/{id}/etapes/4/resolutions/{pointId}/vote/{resolutionId})', () => {
  const PAGE = '/syndic/assemblees/7/etapes/4/resolutions/1/vote/31';

  it('says nobody can vote while no co-owner is present or represented, with the way to the attendance', async () => {
    assembleesServer(president, {
      'GET /api/assemblees/etape4': () =>
        json(200, {
          ...etape4,
          presences: etape4.presences.map((presence) => ({ ...presence, is_present: 'absent' as const })),
        }),
    });
    renderRoute(PAGE);
    expect(await screen.findByTestId('vote-aucun-votant')).toHaveTextContent(
      "Aucun copropriétaire n'est présent ou représenté : personne ne peut voter.",
    );
    expect(screen.queryAllByTestId('vote-ligne')).toHaveLength(0);
    expect(screen.getByRole('link', { name: 'Enregistrer les présences' })).toHaveAttribute(
      'href',
      '/syndic/assemblees/7/etapes/4/presences',
    );
  });

  it('lists the co-owners who are not absent and refuses a vote until each of them voted', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'POST /api/assemblees/vote/creer': () => json(200, { success: true, resolution: resolution() }),
    });
    const { router } = renderRoute(PAGE);
    await screen.findByTestId('vote-enregistrer');
    expect(screen.getAllByTestId('vote-ligne').map((row) => row.querySelector('th')?.textContent)).toEqual([
      'Sami Gharbi',
      'Hedi MabroukReprésenté par Mounir Mabrouk',
    ]);
    // The representative's name is isolated in one piece (never split around an Arabic label).
    expect(screen.getByText('Mounir Mabrouk').tagName).toBe('BDI');
    await user.click(screen.getByRole('radio', { name: 'Sami Gharbi : Pour' }));
    await user.click(screen.getByTestId('vote-enregistrer'));
    expect(await screen.findByTestId('vote-erreurs')).toHaveTextContent(
      'Chaque copropriétaire doit enregistrer un vote.',
    );
    expect(server.calls('POST', '/api/assemblees/vote/creer')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Tous ou aucun : Contre' }));
    expect(screen.getByRole('radio', { name: 'Sami Gharbi : Contre' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Hedi Mabrouk : Contre' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Hedi Mabrouk : Abstention' }));
    await user.click(screen.getByTestId('vote-enregistrer'));
    expect(await screen.findByText('Vote enregistré avec succès.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/syndic/assemblees/7/etapes/4/resolutions/1'));
    expect(JSON.parse(server.calls('POST', '/api/assemblees/vote/creer')[0]!.body)).toEqual({
      assembleeId: 7,
      pointId: 1,
      resolutionId: 31,
      resolutionText: 'Les comptes 2025 sont approuvés.',
      voteType: 'simple',
      votes: { '50': 'contre', '60': 'abstention' },
      choices: [],
    });
  });

  it('"Aucun" clears a choice everyone had', async () => {
    const user = userEvent.setup();
    assembleesServer(president);
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Tous ou aucun : Pour' }));
    expect(screen.getByRole('button', { name: 'Tous ou aucun : Pour' })).toHaveTextContent('Aucun');
    await user.click(screen.getByRole('button', { name: 'Tous ou aucun : Pour' }));
    expect(screen.getByRole('radio', { name: 'Sami Gharbi : Pour' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Hedi Mabrouk : Pour' })).not.toBeChecked();
  });

  it('needs at least two choices for a multiple-choice vote, then a choice for each co-owner', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'POST /api/assemblees/vote/creer': () => json(200, { success: true, resolution: resolution() }),
    });
    renderRoute('/syndic/assemblees/7/etapes/4/resolutions/1/vote');
    await user.type(await screen.findByTestId('vote-resolution'), 'Choix du prestataire de nettoyage');
    await user.click(screen.getByRole('tab', { name: 'Choix multiple' }));
    await user.type(screen.getByRole('textbox', { name: 'Choix 1' }), 'Net Plus');
    await user.click(screen.getByTestId('vote-enregistrer'));
    expect(await screen.findByTestId('vote-erreurs')).toHaveTextContent('Veuillez remplir au moins deux choix.');
    await user.type(screen.getByRole('textbox', { name: 'Choix 3' }), 'Clean Tunis');
    await user.click(screen.getByRole('radio', { name: 'Sami Gharbi : Net Plus' }));
    await user.click(screen.getByRole('radio', { name: 'Hedi Mabrouk : Clean Tunis' }));
    await user.click(screen.getByTestId('vote-enregistrer'));
    await waitFor(() => expect(server.calls('POST', '/api/assemblees/vote/creer')).toHaveLength(1));
    expect(JSON.parse(server.calls('POST', '/api/assemblees/vote/creer')[0]!.body)).toEqual({
      assembleeId: 7,
      pointId: 1,
      resolutionId: null,
      resolutionText: 'Choix du prestataire de nettoyage',
      voteType: 'multiple',
      votes: { '50': 'Net Plus', '60': 'Clean Tunis' },
      choices: ['Net Plus', 'Clean Tunis'],
    });
  });

  it('refuses a resolution without text', async () => {
    const user = userEvent.setup();
    assembleesServer(president);
    renderRoute('/syndic/assemblees/7/etapes/4/resolutions/1/vote');
    await user.click(await screen.findByTestId('vote-enregistrer'));
    expect(await screen.findByTestId('vote-erreurs')).toHaveTextContent('Le texte de la résolution est requis.');
  });
});

describe('point page (/syndic/assemblees/{id}/etapes/4/resolutions/{pointId})', () => {
  it('shows a voted resolution with its result by head count and by shares, and each outcome', async () => {
    const voted = resolution({
      votes: [
        { occupant_id: 50, vote: 'pour' },
        { occupant_id: 60, vote: 'contre' },
      ],
      resultat: {
        decomptes: [
          { option: 'pour', voix: 1, quote_parts: 320 },
          { option: 'contre', voix: 1, quote_parts: 180 },
          { option: 'abstention', voix: 0, quote_parts: 0 },
        ],
        total_voix: 2,
        total_quote_parts: 500,
        quote_parts_residence: 1000,
        par_tete: { issue: 'egalite' },
        par_quote_part: { issue: 'adoptee' },
        reduction: null,
      },
    });
    assembleesServer(president, {
      'GET /api/assemblees/etape4': () =>
        json(200, { ...etape4, points: [{ ...etape4.points[0]!, resolutions: [voted] }, etape4.points[1]!] }),
    });
    renderRoute('/syndic/assemblees/7/etapes/4/resolutions/1');
    await screen.findByTestId('resultat');
    expect(screen.getAllByTestId('decompte').map((row) => row.textContent)).toEqual([
      // By shares, the proportion only (the weights are the allocation table's amounts).
      'Pour1 · 50\u202f%64\u202f%',
      'Contre1 · 50\u202f%36\u202f%',
      'Abstention0 · 0\u202f%0\u202f%',
    ]);
    expect(screen.getByTestId('issue-tete')).toHaveTextContent('Résultat par tête : Égalité');
    expect(screen.getByTestId('issue-tantiemes')).toHaveTextContent('Résultat par tantièmes : Adoptée');
    expect(screen.queryByTestId('reduction')).toBeNull();
    expect(screen.getByRole('link', { name: /Modifier Vote/ })).toHaveAttribute(
      'href',
      '/syndic/assemblees/7/etapes/4/resolutions/1/vote/31',
    );
    expect(screen.getByText('Terminé')).toBeInTheDocument();
  });

  it('lines the Arabic counts up under their headers, each number still read left to right', async () => {
    await i18n.changeLanguage('ar');
    const voted = resolution({
      votes: [{ occupant_id: 50, vote: 'pour' }],
      resultat: {
        decomptes: [{ option: 'pour', voix: 1, quote_parts: 320 }],
        total_voix: 1,
        total_quote_parts: 320,
        quote_parts_residence: 1000,
        par_tete: { issue: 'adoptee' },
        par_quote_part: { issue: 'adoptee' },
        reduction: null,
      },
    });
    assembleesServer(president, {
      'GET /api/assemblees/etape4': () =>
        json(200, { ...etape4, points: [{ ...etape4.points[0]!, resolutions: [voted] }] }),
    });
    renderRoute('/syndic/assemblees/7/etapes/4/resolutions/1');
    await screen.findByTestId('resultat');
    for (const cell of [screen.getByTestId('decompte-tete'), screen.getByTestId('decompte-tantiemes')]) {
      // Same direction as the header cells (the page's, right to left), so "end" is the same side.
      expect(cell.closest('[dir="ltr"]')).toBeNull();
      expect(cell.querySelector('[dir="ltr"]')).toHaveTextContent(/\d/);
    }
  });

  it("names the chosen option of a multiple vote and a majority owner's reduced shares", async () => {
    const voted = resolution({
      type_vote: 'multiple',
      choix: [{ choix: 'Net Plus' }, { choix: 'Clean Tunis' }],
      votes: [
        { occupant_id: 50, vote: 'Net Plus' },
        { occupant_id: 60, vote: 'Clean Tunis' },
      ],
      resultat: {
        decomptes: [
          { option: 'Net Plus', voix: 1, quote_parts: 400 },
          { option: 'Clean Tunis', voix: 1, quote_parts: 400 },
        ],
        total_voix: 2,
        total_quote_parts: 800,
        quote_parts_residence: 1000,
        par_tete: { issue: 'choix', choix: 'Net Plus' },
        par_quote_part: { issue: 'choix', choix: 'Net Plus' },
        reduction: { occupant_id: 60, quote_part: 600, retenue: 400 },
      },
    });
    assembleesServer(president, {
      'GET /api/assemblees/etape4': () =>
        json(200, { ...etape4, points: [{ ...etape4.points[0]!, resolutions: [voted] }] }),
    });
    renderRoute('/syndic/assemblees/7/etapes/4/resolutions/1');
    expect(await screen.findByTestId('issue-tete')).toHaveTextContent('Résultat par tête : Choix retenu : Net Plus');
    expect(screen.getByTestId('reduction')).toHaveTextContent(
      'Les tantièmes de Hedi Mabrouk (600) dépassent la moitié : ils comptent pour 400',
    );
  });

  it('offers no resolution to add on an information point', async () => {
    assembleesServer(president);
    renderRoute('/syndic/assemblees/7/etapes/4/resolutions/2');
    expect(await screen.findByTestId('ajouter-resolution')).toBeDisabled();
    expect(screen.getByTestId('terminer-points')).toHaveAttribute('href', '/syndic/assemblees/7/etapes/4');
  });
});

describe('step 5 (/syndic/assemblees/{id}/etapes/5)', () => {
  const PAGE = '/syndic/assemblees/7/etapes/5';

  it('refuses a signed minutes that is not a PDF or above 1 MB, before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const server = assembleesServer(president, {
      'POST /api/assemblees/pv-signe/upload': () => json(200, { success: true }),
    });
    renderRoute(PAGE);
    const input = await screen.findByTestId('upload-pv');
    await user.upload(input, new File(['png'], 'pv.png', { type: 'image/png' }));
    expect(await screen.findByText("« pv.png » n'est pas un PDF : seuls les PDF sont acceptés.")).toBeInTheDocument();
    await user.upload(input, new File([new Uint8Array(1024 * 1024 + 1)], 'pv-lourd.pdf', { type: 'application/pdf' }));
    expect(
      await screen.findByText('« pv-lourd.pdf » dépasse 1 Mo : un PDF ne peut pas dépasser 1 Mo.'),
    ).toBeInTheDocument();
    expect(server.calls('POST', '/api/assemblees/pv-signe/upload')).toHaveLength(0);

    await user.upload(input, new File(['%PDF-1.4'], 'pv-signe.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(server.calls('POST', '/api/assemblees/pv-signe/upload')).toHaveLength(1));
    expect(await screen.findByText('Fichier envoyé.')).toBeInTheDocument();
  });

  it('enables "Marquer comme terminée" once both signed files exist, and ends the meeting after confirmation', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'GET /api/assemblees/etape5': () =>
        json(200, {
          success: true,
          assemblee: {
            ...etape5,
            heure_fin: '22:10',
            pvsSignes: [{ id: 1, url: '/api/documents/41', titre: 'pv-signe.pdf' }],
            presencesSignees: [{ id: 2, url: '/api/documents/42', titre: 'presence-signee.pdf' }],
          },
        }),
      'POST /api/assemblees/terminer': () => json(200, { success: true, step: 6 }),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByTestId('marquer-terminee'));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Confirmer' }));
    expect(await screen.findByText("L'assemblée est clôturée avec succès.")).toBeInTheDocument();
    expect(server.calls('POST', '/api/assemblees/terminer')).toHaveLength(1);
    expect(screen.getByTestId('document-procesVerbal')).toBeEnabled();
  });

  it('locks the final information and the signed files of a finished meeting, the minutes still downloadable', async () => {
    assembleesServer(president, {
      'GET /api/assemblees/etape5': () =>
        json(200, {
          success: true,
          assemblee: {
            ...etape5,
            step: 6,
            heure_fin: '22:10',
            pvsSignes: [{ id: 1, url: '/api/documents/41', titre: 'pv-signe.pdf' }],
            presencesSignees: [{ id: 2, url: '/api/documents/42', titre: 'presence-signee.pdf' }],
          },
        }),
    });
    renderRoute(PAGE);
    const form = await screen.findByRole('form', { name: 'Informations finales' });
    expect(within(form).getByLabelText(/Heure de fin/)).toBeDisabled();
    expect(within(form).getByRole('button', { name: 'Enregistrer' })).toBeDisabled();
    expect(screen.getByTestId('upload-pv')).toBeDisabled();
    expect(screen.getByTestId('assemblee-terminee')).toBeInTheDocument();
    expect(screen.queryByTestId('marquer-terminee')).not.toBeInTheDocument();
    expect(screen.getAllByText("Verrouillée : l'assemblée est terminée.").length).toBeGreaterThan(0);
    expect(screen.getByTestId('document-procesVerbal')).toBeEnabled();
  });

  it('keeps "Marquer comme terminée" and the minutes download disabled while files and end time are missing', async () => {
    assembleesServer(president);
    renderRoute(PAGE);
    expect(await screen.findByTestId('marquer-terminee')).toBeDisabled();
    expect(screen.getByTestId('document-procesVerbal')).toBeDisabled();
  });

  it('requires the president and the secretary among those present', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'POST /api/assemblees/infos-finales/modifier': () => json(200, { success: true }),
    });
    renderRoute(PAGE);
    const form = await screen.findByRole('form', { name: 'Informations finales' });
    await user.type(within(form).getByLabelText(/Date de fin/), '12122026');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('Le Président est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('Le Secrétaire est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText("L'heure de fin est obligatoire.")).toBeInTheDocument();
    expect(server.calls('POST', '/api/assemblees/infos-finales/modifier')).toHaveLength(0);
    expect(
      within(within(form).getByLabelText(/Président de séance/))
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choisir parmi les présents', 'Sami Gharbi', 'Hedi Mabrouk']);
    await user.selectOptions(within(form).getByLabelText(/Président de séance/), '50');
    await user.selectOptions(within(form).getByLabelText(/Secrétaire/), '60');
    await user.click(within(form).getByRole('button', { name: 'Ajouter un scrutateur' }));
    await user.selectOptions(within(form).getByLabelText(/Scrutateur 1/), '60');
    await user.type(within(form).getByLabelText(/Heure de fin/), '2210');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(server.calls('POST', '/api/assemblees/infos-finales/modifier')).toHaveLength(1));
    expect(JSON.parse(server.calls('POST', '/api/assemblees/infos-finales/modifier')[0]!.body)).toEqual({
      id: 7,
      president: 50,
      secretaire: 60,
      scrutateurs: [{ occupantId: 60 }],
      date_fin: '2026-12-12',
      heure_fin: '22:10',
      mot_intro: '',
      mot_fin: '',
    });
  });
});

describe('step 4 (/syndic/assemblees/{id}/etapes/4)', () => {
  it('keeps the resolutions closed until presences exist, and the meeting open until every vote is in', async () => {
    assembleesServer(president, {
      'GET /api/assemblees/etape4': () =>
        json(200, { ...etape4, presences: [presence(50, 'Sami Gharbi'), presence(60, 'Hedi Mabrouk')] }),
    });
    renderRoute('/syndic/assemblees/7/etapes/4');
    expect(await screen.findByTestId('ouvrir-resolutions')).toBeDisabled();
    expect(screen.getByTestId('etape-suivante')).toBeDisabled();
  });
});

describe('step 2 (/syndic/assemblees/{id}/etapes/2)', () => {
  it('offers the convocation in French and in Arabic beside the draft minutes', async () => {
    assembleesServer(president, {
      'GET /api/assemblees/etape2': () => json(200, { success: true, info: { ...etape1.info_generales, step: 2 } }),
    });
    renderRoute('/syndic/assemblees/7/etapes/2');
    await screen.findByRole('form', { name: 'Convocation' });
    expect(screen.getByRole('button', { name: 'Convocation (PDF)' })).toHaveAttribute(
      'data-testid',
      'document-convocation',
    );
    expect(screen.getByRole('button', { name: 'Convocation en arabe (PDF)' })).toHaveAttribute(
      'data-testid',
      'document-convocation-ar',
    );
  });

  it('records the convocation method and date, the date sent as yyyy-MM-dd', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'GET /api/assemblees/etape2': () => json(200, { success: true, info: { ...etape1.info_generales, step: 2 } }),
      'POST /api/assemblees/modifier/date-methode': () => json(200, { success: true, assemblee: convoquee }),
    });
    renderRoute('/syndic/assemblees/7/etapes/2');
    const form = await screen.findByRole('form', { name: 'Convocation' });
    expect(screen.getByTestId('etape-suivante')).toBeDisabled();
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(form).findByText('La méthode de convocation est obligatoire.')).toBeInTheDocument();
    expect(within(form).getByText('La date de convocation est obligatoire.')).toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText(/Méthode de convocation/), 'lettre_recommendee');
    await user.type(within(form).getByLabelText(/Date de convocation/), '20112026');
    await user.click(within(form).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(server.calls('POST', '/api/assemblees/modifier/date-methode')).toHaveLength(1));
    expect(JSON.parse(server.calls('POST', '/api/assemblees/modifier/date-methode')[0]!.body)).toEqual({
      id: 7,
      methode_convocation: 'lettre_recommendee',
      date_convocation: '2026-11-20',
    });
  });
});

describe('points of step 4 (/syndic/assemblees/{id}/etapes/4/resolutions)', () => {
  const PAGE = '/syndic/assemblees/7/etapes/4/resolutions';

  it('renames a point and says "Point modifié avec succès!"', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'POST /api/assemblees/ordre-du-jour/titre/modifier': () => json(200, { success: true }),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Renommer Informations du syndic' }));
    const dialog = await screen.findByRole('dialog');
    const titre = within(dialog).getByLabelText(/Titre du point/);
    await user.clear(titre);
    await user.type(titre, 'Mot du syndic');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Point modifié avec succès!')).toBeInTheDocument();
    expect(JSON.parse(server.calls('POST', '/api/assemblees/ordre-du-jour/titre/modifier')[0]!.body)).toEqual({
      id: 2,
      titre: 'Mot du syndic',
    });
  });

  it('deletes only information points, and says "Une erreur s\'est produite." when refused', async () => {
    const user = userEvent.setup();
    assembleesServer(president, {
      'POST /api/assemblees/point-info/supprimer': () => apiError(500, 'internal_error'),
    });
    renderRoute(PAGE);
    expect(await screen.findByRole('button', { name: 'Supprimer Informations du syndic' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Supprimer Approbation des comptes 2025' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Supprimer Informations du syndic' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Supprimer' }));
    expect(await screen.findByText("Une erreur s'est produite.")).toBeInTheDocument();
  });

  it('adds an information point after checking its title', async () => {
    const user = userEvent.setup();
    const server = assembleesServer(president, {
      'POST /api/assemblees/point-info/creer': () =>
        json(200, {
          success: true,
          point: { id: 3, numero: 3, titre: 'Questions diverses', is_info: true, resolutions: [] },
        }),
    });
    renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: "Ajouter un point d'information" }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Le titre est obligatoire')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText(/Titre du point/), 'Questions diverses');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText("Point d'information ajouté.")).toBeInTheDocument();
    expect(JSON.parse(server.calls('POST', '/api/assemblees/point-info/creer')[0]!.body)).toEqual({
      assemblee_id: 7,
      titre: 'Questions diverses',
    });
  });
});

describe('the steps in Arabic', () => {
  const USER_TEXTS = [
    'AG ordinaire 2026',
    'Approbation des comptes 2025',
    'Informations du syndic',
    'Les comptes 2025 sont approuvés.',
    'Les comptes sont approuvés.',
    'Budget 2027',
    'Ravalement de façade',
    'Les travaux sont votés.',
    'Salle commune, bloc A',
    'Sami Gharbi',
    'Hedi Mabrouk',
    'Mounir Mabrouk',
    'Nour Ayari',
    'PDF',
  ];

  for (const page of [
    '1',
    '1/ordre-du-jour',
    '2',
    '3',
    '4',
    '4/presences',
    '4/resolutions',
    '4/resolutions/1',
    '4/resolutions/1/vote/31',
    '5',
  ]) {
    it(`leaves no French on /etapes/${page}`, async () => {
      assembleesServer(president);
      await i18n.changeLanguage('ar');
      renderRoute(`/syndic/assemblees/7/etapes/${page}`);
      await waitFor(() => expect(screen.queryByTestId('etape-skeleton')).toBeNull());
      await screen.findAllByText(/AG ordinaire 2026|Approbation des comptes 2025/);
      let text = screen.getByRole('main').textContent ?? '';
      for (const typed of USER_TEXTS) text = text.replaceAll(typed, '');
      expect(text).not.toMatch(/[A-Za-zÀ-ÿ]{3,}/);
    });
  }
});
