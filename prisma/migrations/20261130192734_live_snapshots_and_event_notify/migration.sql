-- CreateTable
CREATE TABLE "MatchSnapshot" (
    "matchId" UUID NOT NULL,
    "seq" INTEGER NOT NULL,
    "format" TEXT NOT NULL,
    "state" JSONB NOT NULL,
    "resigned" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MatchSnapshot_pkey" PRIMARY KEY ("matchId","seq")
);

-- AddForeignKey
ALTER TABLE "MatchSnapshot" ADD CONSTRAINT "MatchSnapshot_matchId_fkey" FOREIGN KEY ("matchId") REFERENCES "Match"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Every appended event wakes the waiters on every server instance: a hint only (channel "turnbase_events",
-- payload "<matchId>:<seq>"); waiters re-read the log. Delivered at commit, so never before the row is visible.
CREATE FUNCTION "turnbase_notify_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('turnbase_events', NEW."matchId"::text || ':' || NEW."seq"::text);
  RETURN NULL;
END
$$;

CREATE TRIGGER "MatchEvent_notify" AFTER INSERT ON "MatchEvent"
  FOR EACH ROW EXECUTE FUNCTION "turnbase_notify_event"();
