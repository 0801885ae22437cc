-- AlterTable
ALTER TABLE "Post" ADD COLUMN     "renderVersion" INTEGER NOT NULL DEFAULT 0;
