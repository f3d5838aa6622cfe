import { DatabaseError } from 'pg-protocol';
import { Prisma } from '../generated/prisma/client';
import { ReadOnlyServerError, classifyDatabaseError } from './db-unavailable';

function pgError(code: string, message = 'x', severity = 'FATAL'): DatabaseError {
  const e = new DatabaseError(message, message.length, 'error');
  Object.assign(e, { code, severity });
  return e;
}

function socketError(code: string): Error {
  return Object.assign(new Error(`connect ${code} 127.0.0.1:5432`), {
    code,
    errno: -111,
    syscall: 'connect',
    address: '127.0.0.1',
    port: 5432,
  });
}

/** What @prisma/adapter-pg throws: a DriverAdapterError whose cause is the mapped kind. */
function adapterError(cause: Record<string, unknown>): Error {
  return Object.assign(new Error(String(cause.kind)), { name: 'DriverAdapterError', cause });
}

const known = (code: string, meta?: Record<string, unknown>) =>
  new Prisma.PrismaClientKnownRequestError('failed', { code, clientVersion: '7', meta });

describe('classifyDatabaseError', () => {
  it.each([
    ['57P03 cannot connect now', pgError('57P03', 'the database system is starting up')],
    ['53300 too many connections', pgError('53300', 'sorry, too many clients already')],
    ['08001 unable to connect', pgError('08001')],
    ['08004 connection rejected', pgError('08004')],
    ['ECONNREFUSED', socketError('ECONNREFUSED')],
    ['ENOTFOUND', socketError('ENOTFOUND')],
    ['EHOSTUNREACH', socketError('EHOSTUNREACH')],
    ['pg-pool connect timeout', new Error('timeout exceeded when trying to connect')],
    [
      'pg-pool connect timeout (new client)',
      new Error('Connection terminated due to connection timeout', {
        cause: new Error('Connection terminated unexpectedly'),
      }),
    ],
    ['a client already broken', new Error('Client has encountered a connection error and is not queryable')],
    ['a closed client', new Error('Client was closed and is not queryable')],
    ['adapter DatabaseNotReachable', adapterError({ kind: 'DatabaseNotReachable', host: '127.0.0.1', port: 5432 })],
    ['adapter TooManyConnections', adapterError({ kind: 'TooManyConnections', cause: 'sorry', originalCode: '53300' })],
    [
      'adapter postgres 57P03',
      adapterError({
        kind: 'postgres',
        code: '57P03',
        originalCode: '57P03',
        severity: 'FATAL',
        message: 'starting up',
      }),
    ],
    ['Prisma P1001', known('P1001')],
    ['Prisma P2024', known('P2024')],
    [
      'Prisma initialization P1001',
      new Prisma.PrismaClientInitializationError("Can't reach database server", '7', 'P1001'),
    ],
  ])('%s: unavailable, certainly not committed', (_, error) => {
    expect(classifyDatabaseError(error)).toEqual({ reason: 'database/unavailable', committed: 'no' });
  });

  it.each([
    ['57P01 admin shutdown', pgError('57P01', 'terminating connection due to administrator command')],
    ['57P02 crash shutdown', pgError('57P02', 'terminating connection because of crash of another server process')],
    ['08006 connection failure', pgError('08006')],
    ['08003 connection does not exist', pgError('08003')],
    ['08P01 protocol violation', pgError('08P01')],
    ['ECONNRESET', socketError('ECONNRESET')],
    ['ETIMEDOUT', socketError('ETIMEDOUT')],
    ['EPIPE', socketError('EPIPE')],
    ['pg connection end', new Error('Connection terminated unexpectedly')],
    ['pg connection end (ended by us)', new Error('Connection terminated')],
    ['pg query_timeout', new Error('Query read timeout')],
    ['adapter ConnectionClosed', adapterError({ kind: 'ConnectionClosed' })],
    ['adapter SocketTimeout', adapterError({ kind: 'SocketTimeout' })],
    [
      'adapter postgres 57P01',
      adapterError({
        kind: 'postgres',
        code: '57P01',
        originalCode: '57P01',
        severity: 'FATAL',
        message: 'terminating',
      }),
    ],
    ['Prisma P1017', known('P1017')],
    ['Prisma P1002', known('P1002')],
    [
      'Prisma known error over an adapter error',
      known('P2010', { driverAdapterError: adapterError({ kind: 'ConnectionClosed' }) }),
    ],
    ['Prisma raw query failed with the SQLSTATE', known('P2010', { code: '57P01', message: 'terminating connection' })],
    [
      "Prisma unknown error over pg's connection end",
      new Prisma.PrismaClientUnknownRequestError('Connection terminated unexpectedly', { clientVersion: '7' }),
    ],
    ['a wrapped cause', new Error('append failed', { cause: pgError('57P01') })],
  ])('%s: unavailable, maybe committed', (_, error) => {
    expect(classifyDatabaseError(error)).toEqual({ reason: 'database/unavailable', committed: 'maybe' });
  });

  it.each([
    ['25006 from pg', pgError('25006', 'cannot execute INSERT in a read-only transaction', 'ERROR')],
    ["the pool's recovery check", new ReadOnlyServerError()],
    [
      'adapter postgres 25006',
      adapterError({ kind: 'postgres', code: '25006', originalCode: '25006', severity: 'ERROR', message: 'read-only' }),
    ],
    [
      'Prisma known error over a 25006',
      known('P2010', { driverAdapterError: adapterError({ kind: 'postgres', code: '25006', originalCode: '25006' }) }),
    ],
  ])('%s: read-only, not committed', (_, error) => {
    expect(classifyDatabaseError(error)).toEqual({ reason: 'database/read-only', committed: 'no' });
  });

  it.each([
    ['a unique violation', pgError('23505', 'duplicate key', 'ERROR')],
    ['a syntax error', pgError('42601', 'syntax error', 'ERROR')],
    ['Prisma P2002', known('P2002')],
    ['Prisma P2025', known('P2025')],
    [
      'adapter UniqueConstraintViolation',
      adapterError({ kind: 'UniqueConstraintViolation', constraint: { fields: ['id'] } }),
    ],
    ['a plain bug', new TypeError('x is undefined')],
    ['a string', 'boom'],
    ['null', null],
    ['a Node error code that is not a socket one', Object.assign(new Error('no such file'), { code: 'ENOENT' })],
  ])('%s: not unavailability', (_, error) => {
    expect(classifyDatabaseError(error)).toBeNull();
  });

  it('is not fooled by a cause cycle', () => {
    const a = new Error('a') as Error & { cause?: unknown };
    const b = new Error('b', { cause: a });
    a.cause = b;
    expect(classifyDatabaseError(a)).toBeNull();
  });
});
