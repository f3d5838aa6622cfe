import { ApiError } from '../common/api-error';
import type { MatchError } from './decider';

export function notFound(id: string): ApiError {
  return new ApiError('MATCH_NOT_FOUND', `No match ${id.slice(0, 64)} in this game.`);
}

export function versionConflict(current: number): ApiError {
  return new ApiError(
    'VERSION_CONFLICT',
    `The match is at version ${current}; reload it and decide again.`,
    undefined,
    { currentVersion: current },
  );
}

export function fromMatchError(error: MatchError): ApiError {
  if (error.code === 'NO_SUCH_SEAT') return new ApiError('VALIDATION_FAILED', error.message, 'seat/out-of-range');
  return new ApiError(error.code, error.message, error.reason);
}
