import { generatePath } from 'react-router';

/** The general assemblies' addresses (spec 3 §2.2, §2.3). */
export const assembleesPaths = {
  liste: '/syndic/assemblees',
  etapes: '/syndic/assemblees/:assembleeId/etapes',
  etape: '/syndic/assemblees/:assembleeId/etapes/:etape',
  ordreDuJour: '/syndic/assemblees/:assembleeId/etapes/1/ordre-du-jour',
  presences: '/syndic/assemblees/:assembleeId/etapes/4/presences',
  resolutions: '/syndic/assemblees/:assembleeId/etapes/4/resolutions',
  point: '/syndic/assemblees/:assembleeId/etapes/4/resolutions/:pointId',
  nouveauVote: '/syndic/assemblees/:assembleeId/etapes/4/resolutions/:pointId/vote',
  vote: '/syndic/assemblees/:assembleeId/etapes/4/resolutions/:pointId/vote/:resolutionId',
  coproprietaire: '/coproprietaire/assemblees',
  coproprietaireDetails: '/coproprietaire/assemblees/details/:assembleeId',
} as const;

const id = (value: number | string) => String(value);

export const etapesPath = (assembleeId: number | string) =>
  generatePath(assembleesPaths.etapes, { assembleeId: id(assembleeId) });

export const etapePath = (assembleeId: number | string, etape: number) =>
  generatePath(assembleesPaths.etape, { assembleeId: id(assembleeId), etape: id(etape) });

export const ordreDuJourPath = (assembleeId: number | string) =>
  generatePath(assembleesPaths.ordreDuJour, { assembleeId: id(assembleeId) });

export const presencesPath = (assembleeId: number | string) =>
  generatePath(assembleesPaths.presences, { assembleeId: id(assembleeId) });

export const resolutionsPath = (assembleeId: number | string) =>
  generatePath(assembleesPaths.resolutions, { assembleeId: id(assembleeId) });

export const pointPath = (assembleeId: number | string, pointId: number | string) =>
  generatePath(assembleesPaths.point, { assembleeId: id(assembleeId), pointId: id(pointId) });

/** The vote form of a resolution, or of a new resolution of the point when `resolutionId` is null. */
export const votePath = (assembleeId: number | string, pointId: number | string, resolutionId: number | null) =>
  resolutionId === null
    ? generatePath(assembleesPaths.nouveauVote, { assembleeId: id(assembleeId), pointId: id(pointId) })
    : generatePath(assembleesPaths.vote, {
        assembleeId: id(assembleeId),
        pointId: id(pointId),
        resolutionId: id(resolutionId),
      });

export const coproprietaireDetailsPath = (assembleeId: number | string) =>
  generatePath(assembleesPaths.coproprietaireDetails, { assembleeId: id(assembleeId) });
