-- CreateTable
CREATE TABLE "ToolRun" (
    "id" BIGSERIAL NOT NULL,
    "tool" TEXT NOT NULL,
    "via" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "durationMs" INTEGER NOT NULL,
    "inputBytes" INTEGER NOT NULL,
    "outputBytes" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ToolRun_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ToolRun_createdAt_idx" ON "ToolRun"("createdAt");

-- CreateIndex
CREATE INDEX "ToolRun_tool_createdAt_idx" ON "ToolRun"("tool", "createdAt");
