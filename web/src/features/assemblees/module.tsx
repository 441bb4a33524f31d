import { Gavel } from 'lucide-react';
import type { FeatureModule } from '@/lib/feature-module';
import ar from './locales/ar/assemblees.json';
import fr from './locales/fr/assemblees.json';
import { assembleesPaths } from './paths';

const catalogues = { fr: { assemblees: fr }, ar: { assemblees: ar } };

const etapes = assembleesPaths.etapes;

/**
 * General assemblies (spec 3 §2.2, §2.5, §2.11; issue 17): the council's meetings and their five
 * steps, from the agenda to the signed minutes (the president writes, the other council members
 * read), and the co-owners' list with each meeting's documents. In both sidebars: after the
 * announcements in the syndic's (120), after the votes in the co-owners' (70).
 */
export const assembleesModule: FeatureModule<typeof catalogues> = {
  id: 'assemblees',
  catalogues,
  routes: {
    syndic: [
      {
        path: assembleesPaths.liste,
        handle: { crumb: (t) => t('assemblees:nav.assemblees') },
        children: [
          { index: true, lazy: async () => ({ Component: (await import('./assemblees-page')).AssembleesPage }) },
          {
            path: etapes,
            handle: { crumb: (t) => t('assemblees:crumbs.etapes') },
            children: [
              { index: true, lazy: async () => ({ Component: (await import('./etapes-page')).EtapesPage }) },
              {
                path: `${etapes}/1`,
                handle: { crumb: (t) => t('assemblees:crumbs.etape1') },
                children: [
                  { index: true, lazy: async () => ({ Component: (await import('./etape1-page')).Etape1Page }) },
                  {
                    path: assembleesPaths.ordreDuJour,
                    handle: { crumb: (t) => t('assemblees:crumbs.ordreDuJour') },
                    lazy: async () => ({ Component: (await import('./ordre-du-jour-page')).OrdreDuJourPage }),
                  },
                ],
              },
              {
                path: `${etapes}/2`,
                handle: { crumb: (t) => t('assemblees:crumbs.etape2') },
                lazy: async () => ({ Component: (await import('./etape2-page')).Etape2Page }),
              },
              {
                path: `${etapes}/3`,
                handle: { crumb: (t) => t('assemblees:crumbs.etape3') },
                lazy: async () => ({ Component: (await import('./etape3-page')).Etape3Page }),
              },
              {
                path: `${etapes}/4`,
                handle: { crumb: (t) => t('assemblees:crumbs.etape4') },
                children: [
                  { index: true, lazy: async () => ({ Component: (await import('./etape4-page')).Etape4Page }) },
                  {
                    path: assembleesPaths.presences,
                    handle: { crumb: (t) => t('assemblees:crumbs.presences') },
                    lazy: async () => ({ Component: (await import('./presences-page')).PresencesPage }),
                  },
                  {
                    path: assembleesPaths.resolutions,
                    handle: { crumb: (t) => t('assemblees:crumbs.resolutions') },
                    children: [
                      {
                        index: true,
                        lazy: async () => ({ Component: (await import('./resolutions-page')).ResolutionsPage }),
                      },
                      {
                        path: assembleesPaths.point,
                        handle: { crumb: (t) => t('assemblees:crumbs.point') },
                        children: [
                          { index: true, lazy: async () => ({ Component: (await import('./point-page')).PointPage }) },
                          {
                            path: assembleesPaths.nouveauVote,
                            handle: { crumb: (t) => t('assemblees:crumbs.vote') },
                            lazy: async () => ({ Component: (await import('./vote-page')).VotePage }),
                          },
                          {
                            path: assembleesPaths.vote,
                            handle: { crumb: (t) => t('assemblees:crumbs.vote') },
                            lazy: async () => ({ Component: (await import('./vote-page')).VotePage }),
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
              {
                path: `${etapes}/5`,
                handle: { crumb: (t) => t('assemblees:crumbs.etape5') },
                lazy: async () => ({ Component: (await import('./etape5-page')).Etape5Page }),
              },
            ],
          },
        ],
      },
    ],
    coproprietaire: [
      {
        path: assembleesPaths.coproprietaire,
        handle: { crumb: (t) => t('assemblees:nav.assemblees') },
        children: [
          {
            index: true,
            lazy: async () => ({
              Component: (await import('./coproprietaire-assemblees-page')).CoproprietaireAssembleesPage,
            }),
          },
          {
            path: assembleesPaths.coproprietaireDetails,
            handle: { crumb: (t) => t('assemblees:crumbs.details') },
            lazy: async () => ({
              Component: (await import('./coproprietaire-assemblees-page')).CoproprietaireAssembleeDetailsPage,
            }),
          },
        ],
      },
    ],
  },
  nav: {
    syndic: [
      {
        kind: 'link',
        order: 120,
        id: 'assemblees',
        labelKey: 'assemblees:nav.assemblees',
        to: assembleesPaths.liste,
        icon: Gavel,
      },
    ],
    coproprietaire: [
      {
        kind: 'link',
        order: 70,
        id: 'assemblees',
        labelKey: 'assemblees:nav.assemblees',
        to: assembleesPaths.coproprietaire,
        icon: Gavel,
      },
    ],
  },
};
