import { describe, expect, it } from 'vitest';
import { isConnectionLost } from '../../../src/server/errors.ts';

// The whole fault (busy connections cut during 20 bookings) is proven on PostgreSQL in connection-loss.postgres.test.ts.
describe('a database connection lost in the middle of a request', () => {
  it('is told apart from other faults, through the wrappers the query builder adds', () => {
    const terminated = Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });
    expect(isConnectionLost(new Error('Failed query: insert into "bookings" …', { cause: terminated }))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('duplicate key value violates unique constraint'), { code: '23505' }))).toBe(false);
  });
});
