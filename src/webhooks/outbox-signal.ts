import { Injectable } from '@nestjs/common';

/**
 * An in-process hint that outbox rows were written, so this instance's dispatcher posts them at once instead
 * of at its next poll. Only a hint: the rows are the truth, and any instance's poll finds them.
 */
@Injectable()
export class OutboxSignal {
  private readonly listeners: (() => void)[] = [];

  notify(): void {
    for (const listener of this.listeners) listener();
  }

  listen(listener: () => void): void {
    this.listeners.push(listener);
  }
}
