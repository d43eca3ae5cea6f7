-- CreateTable
CREATE TABLE "Variable" (
    "scope" TEXT NOT NULL DEFAULT '',
    "name" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Variable_pkey" PRIMARY KEY ("scope","name")
);

