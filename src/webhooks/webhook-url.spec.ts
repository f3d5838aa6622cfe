import { webhookTypeOf } from './outbox';
import { isPrivateAddress, refuseWebhookUrl } from './webhook-url';

describe('webhook addresses', () => {
  it.each(['127.0.0.1', '10.0.0.8', '172.16.5.4', '192.168.1.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '224.0.0.1', '::1', '::', 'fe80::1', 'fd00::1', '::ffff:127.0.0.1', '[::1]', 'not-an-ip'])(
    '%s is refused', (a) => expect(isPrivateAddress(a)).toBe(true));
  it.each(['93.184.216.34', '8.8.8.8', '172.32.0.1', '2606:4700::1111', '::ffff:8.8.8.8'])('%s is public', (a) => expect(isPrivateAddress(a)).toBe(false));

  it('refuses plain http, credentials and literal private addresses, unless private addresses are allowed', () => {
    expect(refuseWebhookUrl('https://example.com/hook', false)).toBeNull();
    expect(refuseWebhookUrl('http://example.com/hook', false)).toMatch(/https/);
    expect(refuseWebhookUrl('https://user:pw@example.com/', false)).toMatch(/credentials/);
    expect(refuseWebhookUrl('https://10.0.0.1/', false)).toMatch(/private/);
    expect(refuseWebhookUrl('https://localhost/', false)).toBeNull(); // a name: judged on what it resolves to, at delivery
    expect(refuseWebhookUrl('http://127.0.0.1:8080/', true)).toBeNull();
    expect(refuseWebhookUrl('nope', true)).toMatch(/absolute URL/);
  });
});

describe('which webhook an event causes', () => {
  it('match.started when the match becomes active, turn.started after, match.finished at the end, nothing while waiting', () => {
    expect(webhookTypeOf('waiting', 'waiting', [])).toBeNull();
    expect(webhookTypeOf('waiting', 'active', [0])).toBe('match.started');
    expect(webhookTypeOf(null, 'active', [0])).toBe('match.started');
    expect(webhookTypeOf('active', 'active', [1])).toBe('turn.started');
    expect(webhookTypeOf('active', 'finished', [])).toBe('match.finished');
    expect(webhookTypeOf('waiting', 'aborted', [])).toBe('match.finished');
  });
});
