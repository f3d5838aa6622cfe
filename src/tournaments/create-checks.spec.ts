import { STARTS_AT_FUTURE_MS, STARTS_AT_PAST_MS, startsAtOf, webhookSecretOf } from './create-checks';

const now = new Date('2026-06-01T12:00:00.000Z');
const b64 = (n: number): string => Buffer.alloc(n, 7).toString('base64');

describe('startsAtOf', () => {
  it('absent is now; a time ahead is that time; a little past is now', () => {
    expect(startsAtOf(undefined, now)).toEqual({ ok: true, value: now });
    expect(startsAtOf('2026-06-01T14:00:00+02:00', now)).toEqual({ ok: true, value: now });
    expect(startsAtOf('2026-06-01T12:00:02.5Z', now)).toEqual({
      ok: true,
      value: new Date('2026-06-01T12:00:02.500Z'),
    });
    expect(startsAtOf('2026-06-01T11:58:00Z', now)).toEqual({ ok: true, value: now });
  });

  it('not an ISO time with its zone, far past or far ahead is refused with its reason', () => {
    for (const raw of ['tomorrow', '2026-06-01', '2026-06-01T13:00:00', '2026-13-45T99:00:00Z', '', '1780000000000'])
      expect(startsAtOf(raw, now)).toMatchObject({ ok: false, reason: 'tournament/starts-at' });
    const past = new Date(now.getTime() - STARTS_AT_PAST_MS - 1000).toISOString();
    expect(startsAtOf(past, now)).toMatchObject({ ok: false, reason: 'tournament/starts-at-past' });
    expect(startsAtOf('1970-01-01T00:00:00Z', now)).toMatchObject({ ok: false, reason: 'tournament/starts-at-past' });
    const far = new Date(now.getTime() + STARTS_AT_FUTURE_MS + 1000).toISOString();
    expect(startsAtOf(far, now)).toMatchObject({ ok: false, reason: 'tournament/starts-at-far' });
  });
});

describe('webhookSecretOf', () => {
  it('takes whsec_ and the canonical base64 of 24 to 64 bytes', () => {
    for (const n of [24, 32, 64])
      expect(webhookSecretOf(`whsec_${b64(n)}`)).toEqual({ ok: true, value: `whsec_${b64(n)}` });
  });

  it('refuses anything else, saying why', () => {
    const cases: [unknown, RegExp][] = [
      [42, /not a string/],
      [b64(32), /does not start with "whsec_"/],
      ['whsec_', /holds 0 bytes/],
      [`whsec_${b64(23)}`, /holds 23 bytes/],
      [`whsec_${b64(65)}`, /holds 65 bytes/],
      [`whsec_${b64(32).replace(/=+$/, '')}`.slice(0, 40) + '!', /not base64/],
      [`whsec_${b64(32)} `, /not base64/],
      [`whsec_${b64(30).slice(0, -2)}`, /not base64/], // padding cut: not a multiple of 4
      [`whsec_${'A'.repeat(33)}`, /not base64/], // 33 characters
      [`whsec_${'A'.repeat(42)}B=`, /not base64/], // stray bits in the last character: not canonical
    ];
    for (const [raw, why] of cases) {
      const r = webhookSecretOf(raw);
      expect(r).toMatchObject({ ok: false, reason: 'entrants/webhook-secret' });
      expect(!r.ok && r.message).toMatch(why);
    }
  });
});
