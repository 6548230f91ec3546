import { useLocation } from "react-router-dom";

/** Returns a function that adds the current query string to a path, so every navigation keeps it (spec §2 Routes "the query string is kept on every navigation"). */
export function useKeepQuery(): (path: string) => string {
  const { search } = useLocation();
  return (path: string) => (path.includes("?") || !search ? path : `${path}${search}`);
}
