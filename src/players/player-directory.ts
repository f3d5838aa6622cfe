import { Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { hashToken } from '../common/hash-token';
import { LruMap } from '../common/lru-map';
import { newPlayerKey } from './player-key';
import { PLAYER_STORE, type PlayerRecord, type PlayerStore } from './player-store.port';

/** Registers players and tells who a player key belongs to. */
@Injectable()
export class PlayerDirectory {
  /** Keys seen before (hash → player). A key never changes owner, so this is safe to remember. */
  private readonly byKeyHash = new LruMap<PlayerRecord>(20000);

  constructor(@Inject(PLAYER_STORE) private readonly store: PlayerStore) {}

  async register(name: string): Promise<PlayerRecord & { key: string }> {
    const key = newPlayerKey();
    const player = await this.store.create({ id: randomUUID(), name, keyHash: hashToken(key) });
    return { ...player, key };
  }

  /** A player by id (a tournament's player entrant), or null. */
  find(id: string): Promise<PlayerRecord | null> {
    return this.store.findById(id);
  }

  /** The player a key belongs to, or null for an unknown key. */
  async identify(key: string): Promise<PlayerRecord | null> {
    const keyHash = hashToken(key);
    const known = this.byKeyHash.get(keyHash);
    if (known) return known;
    const player = await this.store.findByKeyHash(keyHash);
    if (player) this.byKeyHash.set(keyHash, player);
    return player;
  }
}
