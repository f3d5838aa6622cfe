import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { AnyEngine, Viewer } from '../engine/core';
import type { MatchRecord } from '../matches/event-store.port';
import { hijackStream } from '../common/logging';
import { MatchService } from '../matches/match.service';
import { LiveLimits } from './limits';
import { LIVE_CONFIG, type LiveConfig } from './live-config';
import { LiveHub } from './live-hub';
import { MatchStream } from './match-stream';
import { SseResponse } from './sse';

export interface OpenStream {
  readonly engine: AnyEngine;
  readonly match: MatchRecord;
  readonly viewer: Viewer;
  /** The seq to start after. */
  readonly after: number;
  readonly token: string | undefined;
  readonly address: string;
  /** The live limits' key, when not the token's (a stream ticket's: LiveLimits.keyOfHash). */
  readonly limitKey?: string;
  readonly reply: FastifyReply;
}

/** Opens per-match streams within the limits and hands them to the hub. */
@Injectable()
export class LiveStreams {
  constructor(
    private readonly matches: MatchService,
    private readonly hub: LiveHub,
    private readonly limits: LiveLimits,
    @Inject(LIVE_CONFIG) private readonly config: LiveConfig,
  ) {}

  open({ engine, match, viewer, after, token, address, limitKey, reply }: OpenStream): void {
    const release = this.limits.acquire(limitKey ?? LiveLimits.keyOf(token, address), 'sse');
    hijackStream(reply); // from here on the response is ours: Fastify neither serializes nor ends it
    const sse = new SseResponse(reply.raw, this.config.maxBufferedBytes, reply.getHeaders());
    sse.whenClosed(release);
    const stream = new MatchStream(this.matches, engine, match.id, viewer, after, sse, this.config);
    this.hub.join(stream, match.version);
  }
}
