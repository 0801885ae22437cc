-- AlterTable
ALTER TABLE "StoredFile" ADD COLUMN     "deleteTokenHash" TEXT,
ADD COLUMN     "expiresAt" TIMESTAMP(3),
ADD COLUMN     "pageCount" INTEGER,
ADD COLUMN     "tool" TEXT;

-- AlterTable
ALTER TABLE "ToolRun" ADD COLUMN     "operation" TEXT;

-- CreateIndex
CREATE INDEX "StoredFile_uploadedById_tool_idx" ON "StoredFile"("uploadedById", "tool");
