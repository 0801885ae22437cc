-- AlterTable
ALTER TABLE "StoredFile" ADD COLUMN     "onDisk" BOOLEAN NOT NULL DEFAULT false;
