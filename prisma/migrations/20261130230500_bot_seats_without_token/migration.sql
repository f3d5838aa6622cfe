-- A bot's seat has no token: only the server plays it (a bot seated by a join used to get one).
UPDATE "Seat" SET "tokenHash" = NULL WHERE "bot" IS NOT NULL;
