import { withRequestId } from '../common/api-error';
import { scrubSecrets } from '../common/logging';
import { RouteLabels } from '../common/route-label';
import { Metrics } from './metrics';

/** A sample's value in the registry's text, or 0. */
async function valueOf(metrics: Metrics, line: string): Promise<number> {
  const found = (await metrics.text()).split('\n').find((l) => l.startsWith(`${line} `));
  return found === undefined ? 0 : Number(found.split(' ').pop());
}

describe('route labels', () => {
  const routes = new RouteLabels(['reversi', 'qwirkle']);

  it('turns Fastify templates into docs/api.md templates, the game segment included', () => {
    expect(routes.of('/games/reversi/matches/:id/moves')).toBe('/games/{game}/matches/{id}/moves');
    expect(routes.of('/games/qwirkle/matches')).toBe('/games/{game}/matches');
    expect(routes.of('/games/:game/matches/:id/webhook-deliveries')).toBe(
      '/games/{game}/matches/{id}/webhook-deliveries',
    );
    expect(routes.of('/players/:id(^\\d+)')).toBe('/players/{id}');
    expect(routes.of('/assets/*')).toBe('/assets/{*}');
    expect(routes.of('/games/reversi-x/bots')).toBe('/games/reversi-x/bots'); // not a game id
    expect(routes.of(undefined)).toBe('unmatched');
  });
});

describe('secrets in log lines', () => {
  it('scrubs every credential the server issues, bearer values and secret query parameters', () => {
    const line = JSON.stringify({
      msg: 'GET /games/reversi/matches/x/events?token=tbs_AAAAbbbbCCCC&after=3&ticket=T-1234 failed',
      header: 'Bearer tbp_PlayerKey_0123456789',
      other: 'Authorization: Bearer opaque.value-1',
      hook: 'whsec_abc+/def==',
      q: '/x?key=sekrit#frag',
    });
    const out = scrubSecrets(line);
    for (const secret of [
      'tbs_AAAAbbbbCCCC',
      'T-1234',
      'tbp_PlayerKey_0123456789',
      'opaque.value-1',
      'abc+/def==',
      'sekrit',
    ])
      expect(out).not.toContain(secret);
    expect(out).toContain('after=3');
    expect(out).toContain('/games/reversi/matches/x/events?token=[REDACTED]');
    expect(() => JSON.parse(out) as unknown).not.toThrow();
  });
});

describe('error bodies', () => {
  it('adds the request id to details, whatever their shape', () => {
    expect(withRequestId(undefined, 'r')).toEqual({ requestId: 'r' });
    expect(withRequestId(['a', 'b'], 'r')).toEqual({ errors: ['a', 'b'], requestId: 'r' });
    expect(withRequestId({ currentVersion: 3 }, 'r')).toEqual({ currentVersion: 3, requestId: 'r' });
  });
});

describe('metrics off', () => {
  it('counts nothing and has no registry', async () => {
    const off = new Metrics(false);
    off.appended('reversi', [{ type: 'MoveMade' }]);
    off.request('GET', '/games', 200, 0.001);
    off.source('pool', () => ({ total: 1, idle: 1, waiting: 0 }));
    expect(off.enabled).toBe(false);
    expect(await off.text()).toBe('');
  });

  it('counts each event once when on', async () => {
    const on = new Metrics(true);
    on.appended('reversi', [{ type: 'MoveMade' }, { type: 'TimedOut' }]);
    on.appended('reversi', [{ type: 'MoveMade' }]);
    expect(await valueOf(on, 'turnbase_events_total{game="reversi",type="MoveMade"}')).toBe(2);
    expect(await valueOf(on, 'turnbase_events_total{game="reversi",type="TimedOut"}')).toBe(1);
  });
});
