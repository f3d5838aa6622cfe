/** The players module's port to the store: the Player table and nothing else. */
export interface PlayerRecord {
  readonly id: string;
  readonly name: string;
  readonly createdAt: Date;
}

export interface PlayerStore {
  create(player: { id: string; name: string; keyHash: string }): Promise<PlayerRecord>;
  findByKeyHash(keyHash: string): Promise<PlayerRecord | null>;
  findById(id: string): Promise<PlayerRecord | null>;
}

export const PLAYER_STORE = Symbol('PLAYER_STORE');
