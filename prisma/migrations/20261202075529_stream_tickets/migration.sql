-- CreateTable
CREATE TABLE "StreamTicket" (
    "hash" TEXT NOT NULL,
    "credentialHash" TEXT NOT NULL,
    "playerId" UUID,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "StreamTicket_pkey" PRIMARY KEY ("hash")
);

-- CreateIndex
CREATE INDEX "StreamTicket_expiresAt_idx" ON "StreamTicket"("expiresAt");
