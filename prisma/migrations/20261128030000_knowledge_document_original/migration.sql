-- An HTML or PDF document's bytes, parsed by the worker in a box when it is indexed (not on the web server).
ALTER TABLE "KnowledgeDocument" ADD COLUMN "original" BYTEA;
