import { useParams } from 'react-router';

/** A positive whole id of the address (`cotisationId`, `proprieteId`…), or null. */
export function useIdParam(name: string): number | null {
  const params = useParams();
  const id = Number(params[name]);
  return Number.isInteger(id) && id > 0 ? id : null;
}
