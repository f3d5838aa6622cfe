import type { AnyGamePackage } from '../engine/core';

/**
 * What the HTTP layer serves of a game: its package (src/engine/core/game-package.ts), whose engine, title and
 * wire schemas make its routes and OpenAPI components.
 */
export type GameDefinition = AnyGamePackage;
