import { useParams } from 'react-router';

/** The `:id` of the current route as a positive integer, or null for anything else. */
export function useRouteId(): number | null {
  const { id } = useParams();
  if (!id || !/^\d{1,10}$/.test(id)) return null;
  const n = Number(id);
  return n > 0 && n <= 2_147_483_647 ? n : null;
}
