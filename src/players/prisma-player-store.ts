import type { PrismaClient } from '../generated/prisma/client';
import type { PlayerRecord, PlayerStore } from './player-store.port';

export class PrismaPlayerStore implements PlayerStore {
  constructor(private readonly prisma: PrismaClient) {}

  create(player: { id: string; name: string; keyHash: string }): Promise<PlayerRecord> {
    return this.prisma.player.create({ data: player, select: { id: true, name: true, createdAt: true } });
  }

  findById(id: string): Promise<PlayerRecord | null> {
    return this.prisma.player.findUnique({ where: { id }, select: { id: true, name: true, createdAt: true } });
  }

  findByKeyHash(keyHash: string): Promise<PlayerRecord | null> {
    return this.prisma.player.findFirst({ where: { keyHash }, select: { id: true, name: true, createdAt: true } });
  }
}
