#!/usr/bin/env python3
"""
A long-polling bot in Python's standard library, to count what a move costs (issue 26, docs/api.md "Waiting for
your turn"). It plays Reversi against a built-in bot: it creates the match (its seat and the bot's), then loops:
long-poll the log (GET .../moves?after=N&wait=30) until an entry arrives, learn whose turn it is, read its legal
moves, send the first. It counts every request after the create, and prints requests per own move.

Whose turn: a log page that carries `toMove` and `status` (the server since issue 26) says it; without them
(an older server) the bot reads the match once more per wake-up. Nothing else differs, so the figure before
and after is the cost of that one read.

    python3 bench/longpoll-client.py http://127.0.0.1:3000 [matches] [bot]
"""
import json
import sys
import urllib.request

BASE = sys.argv[1].rstrip('/') if len(sys.argv) > 1 else 'http://127.0.0.1:3000'
MATCHES = int(sys.argv[2]) if len(sys.argv) > 2 else 3
BOT = sys.argv[3] if len(sys.argv) > 3 else 'greedy'


class Api:
    def __init__(self):
        self.requests = 0

    def call(self, method, path, body=None, token=None, count=True):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(BASE + path, data=data, method=method)
        req.add_header('content-type', 'application/json')
        if token:
            req.add_header('authorization', 'Bearer ' + token)
        if count:
            self.requests += 1
        with urllib.request.urlopen(req, timeout=90) as res:
            return json.loads(res.read().decode())


def play(api):
    created = api.call('POST', '/games/reversi/matches', {'players': [{'name': 'py'}, {'bot': BOT}]}, count=False)
    mid, token = created['id'], created['seats'][0]['token']
    me = created['seats'][0]['seat']
    path = '/games/reversi/matches/' + mid
    after, moves, to_move, status = 0, 0, created['toMove'], created['status']
    while True:
        if status != 'active':
            return moves, status
        if me in to_move:
            legal = api.call('GET', path + '/legal-moves', token=token)
            made = api.call('POST', path + '/moves', {'move': legal['moves'][0], 'expectedVersion': legal['version']}, token=token)
            moves += 1
            after, to_move, status = made['version'], made['toMove'], made['status']
            continue
        page = api.call('GET', path + '/moves?after=%d&wait=30' % after, token=token)
        if not page['entries']:
            continue
        after = page['entries'][-1]['seq']
        if page.get('nextAfter') is not None:
            continue  # more entries to read before the turn is known
        if 'toMove' in page and 'status' in page:
            to_move, status = page['toMove'], page['status']
        else:
            match = api.call('GET', path, token=token)  # the read the page did not save
            after, to_move, status = match['version'], match['toMove'], match['status']


def main():
    api = Api()
    total = 0
    for _ in range(MATCHES):
        moves, status = play(api)
        total += moves
    print(json.dumps({'server': BASE, 'matches': MATCHES, 'bot': BOT, 'ownMoves': total, 'requests': api.requests,
                      'requestsPerOwnMove': round(api.requests / total, 2)}))


if __name__ == '__main__':
    main()
