/**
 * Told of every event this process's store appended, once it is committed: a hint for whoever waits on the
 * match (src/live wakes its waiters here and tells the other instances). Listeners must not throw or block.
 */
export type AppendedListener = (matchId: string, seq: number) => void;

export class AppendedEvents {
  private readonly listeners = new Set<AppendedListener>();

  on(listener: AppendedListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(matchId: string, seq: number): void {
    for (const listener of this.listeners) listener(matchId, seq);
  }
}
