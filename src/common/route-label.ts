/**
 * A request's route as a label for metrics and logs: the template it matched, in the `{param}` form of
 * docs/api.md (`/games/{game}/matches/{id}/moves`), never the path itself, which holds match ids and may hold a
 * token. Each game's controllers are registered under its own literal prefix (`/games/reversi/...`), so the
 * game segment is turned back into `{game}` as well: one series per route, not one per route and game.
 * A request that matched no route is `unmatched`. The set of labels is the set of routes: bounded.
 */
export const UNMATCHED_ROUTE = 'unmatched';

export class RouteLabels {
  private readonly labels = new Map<string, string>();
  private readonly gamePrefix: RegExp | null;

  constructor(gameIds: readonly string[]) {
    const ids = gameIds.filter((id) => /^[a-z0-9-]+$/.test(id));
    this.gamePrefix = ids.length > 0 ? new RegExp(`^/games/(?:${ids.join('|')})(?=/|$)`) : null;
  }

  /** `url` is Fastify's `request.routeOptions.url` (the template it matched), undefined when none did. */
  of(url: string | undefined): string {
    if (url === undefined || url === '') return UNMATCHED_ROUTE;
    let label = this.labels.get(url);
    if (label === undefined) {
      label = url
        .replace(/:([A-Za-z0-9_]+)(\([^)]*\))?/g, '{$1}') // :id, or :id(regex)
        .replace(/\*$/, '{*}');
      if (this.gamePrefix) label = label.replace(this.gamePrefix, '/games/{game}');
      if (label.length > 1 && label.endsWith('/')) label = label.slice(0, -1);
      this.labels.set(url, label);
    }
    return label;
  }
}
