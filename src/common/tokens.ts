export const APP_CONFIG = Symbol('APP_CONFIG');
/** Every hosted game's engine by id (ReadonlyMap<string, AnyEngine>), from the game registry. */
export const ENGINES = Symbol('ENGINES');
