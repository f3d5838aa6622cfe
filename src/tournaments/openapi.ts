/** The OpenAPI schema of a tournament response (`withSecrets`: the create response, with HTTP bots' secrets). */
export function tournamentSchema(withSecrets: boolean): Record<string, unknown> {
  const entrant = {
    type: 'object', required: ['name', 'kind'],
    properties: {
      name: { type: 'string' }, kind: { type: 'string', enum: ['bot', 'http', 'player'] }, bot: { type: 'string' }, url: { type: 'string' },
      player: { type: 'string', format: 'uuid' }, requests: { type: 'integer' }, failures: { type: 'integer' },
      meanLatencyMs: { type: 'integer', nullable: true },
      ...(withSecrets ? { webhookSecret: { type: 'string', description: 'HTTP bots only, shown this once: signs every request to the bot.' } } : {}),
    },
  };
  return {
    type: 'object',
    required: ['id', 'game', 'format', 'status', 'seatsPerMatch', 'plannedRounds', 'entrants', 'standings', 'rounds', 'createdAt'],
    properties: {
      id: { type: 'string', format: 'uuid' }, game: { type: 'string' }, format: { type: 'string', enum: ['round-robin', 'swiss'] },
      status: { type: 'string', enum: ['running', 'finished'] }, seatsPerMatch: { type: 'integer' }, plannedRounds: { type: 'integer' },
      entrants: { type: 'array', items: entrant },
      standings: {
        type: 'array',
        items: {
          type: 'object', required: ['name', 'points', 'played', 'rating', 'buchholz', 'sonnebornBerger'],
          properties: {
            name: { type: 'string' }, points: { type: 'number' }, played: { type: 'integer' }, rating: { type: 'number', nullable: true },
            buchholz: { type: 'number' }, sonnebornBerger: { type: 'number' },
          },
        },
      },
      rounds: {
        type: 'array',
        items: {
          type: 'object', required: ['round', 'matches'],
          properties: {
            round: { type: 'integer' },
            matches: {
              type: 'array',
              items: {
                type: 'object', required: ['id', 'seats', 'points'],
                properties: {
                  id: { type: 'string', format: 'uuid' }, seats: { type: 'array', items: { type: 'string' }, description: 'Entrant names in seat order.' },
                  points: { type: 'array', items: { type: 'number' }, nullable: true, description: 'By seat, once the match has ended.' },
                },
              },
            },
          },
        },
      },
      createdAt: { type: 'string', format: 'date-time' },
    },
  };
}
