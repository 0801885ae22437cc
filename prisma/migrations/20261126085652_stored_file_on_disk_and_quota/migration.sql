-- AlterTable
ALTER TABLE "StoredFile" ADD COLUMN     "onDisk" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "ownerKey" TEXT;

-- CreateIndex
CREATE INDEX "StoredFile_ownerKey_idx" ON "StoredFile"("ownerKey");
