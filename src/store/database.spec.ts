import { statementNames } from './database';

describe('statement names', () => {
  it('one name per distinct text, the same every time; unnamed past the cap', () => {
    const name = statementNames(2);
    const a = name({ sql: 'SELECT 1' });
    expect(a).toMatch(/^tb_[0-9a-f]{24}$/);
    expect(name({ sql: 'SELECT 1' })).toBe(a);
    const b = name({ sql: 'SELECT 2' });
    expect(b).not.toBe(a);
    expect(name({ sql: 'SELECT 3' })).toBeUndefined();
    expect(name({ sql: 'SELECT 2' })).toBe(b);
  });
});
