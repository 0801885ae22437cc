-- AlterTable
ALTER TABLE "StoredFile" ADD COLUMN     "chunkCount" INTEGER NOT NULL DEFAULT 0;

-- CreateTable
CREATE TABLE "StoredFileChunk" (
    "fileId" TEXT NOT NULL,
    "index" INTEGER NOT NULL,
    "data" BYTEA NOT NULL,

    CONSTRAINT "StoredFileChunk_pkey" PRIMARY KEY ("fileId","index")
);

-- AddForeignKey
ALTER TABLE "StoredFileChunk" ADD CONSTRAINT "StoredFileChunk_fileId_fkey" FOREIGN KEY ("fileId") REFERENCES "StoredFile"("id") ON DELETE CASCADE ON UPDATE CASCADE;
