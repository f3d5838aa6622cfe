import { qwirkleEngine } from '../engine/qwirkle';
import { reversiEngine } from '../engine/reversi';
import { commitTo, fairnessFields, seedCommitmentOf } from './fairness';

describe('seed commitment', () => {
  it('is the lowercase hex SHA-256 of the UTF-8 string salt + seed, salt first', () => {
    // FIPS 180-2's test vector: SHA-256("abc").
    expect(seedCommitmentOf('bc', 'a')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(seedCommitmentOf('a', 'bc')).not.toBe(seedCommitmentOf('bc', 'a'));
    // UTF-8, not UTF-16 or Latin-1: sha256sum of the bytes 73 c3 a9 ("sé").
    expect(seedCommitmentOf('\u00e9', 's')).toBe('08c2e548dcbb43ee03421d56a90b2044bd7e84f1e8a8695f01e82dc46bab174f');
  });

  it('commits a game with chance to a fresh salt each time, and a game without chance to nothing', () => {
    const a = commitTo(qwirkleEngine, 'seed');
    const b = commitTo(qwirkleEngine, 'seed');
    expect(a.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(a.salt).not.toBe(b.salt);
    expect(a.seedCommitment).toBe(seedCommitmentOf('seed', a.salt as string));
    expect(commitTo(reversiEngine, 'seed')).toEqual({ salt: null, seedCommitment: null });
  });

  it('shows the commitment while the match runs and reveals the seed and salt only once it is over', () => {
    const match = { seed: 's', salt: 't', seedCommitment: seedCommitmentOf('s', 't') };
    expect(fairnessFields(match, false)).toEqual({ seedCommitment: match.seedCommitment });
    expect(fairnessFields(match, true)).toEqual(match);
    expect(fairnessFields({ seed: 's', salt: null, seedCommitment: null }, true)).toEqual({});
  });
});
