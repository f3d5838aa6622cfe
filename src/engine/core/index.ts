export * from './result';
export * from './types';
export * from './rng';
export * from './replay';
export * from './bot';
export * from './game-package';
