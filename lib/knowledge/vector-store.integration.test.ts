/**
 * The vector store on a real LanceDB on disk: documents written at once into a base that has no table yet (two files
 * uploaded together into a new knowledge base, indexed by the worker two at a time) all land, none refused by LanceDB
 * for racing the table's creation.
 */
import { describe, expect, it } from "vitest";
import { countChunks, dropBaseTable, replaceDocumentChunks, type ChunkRow } from "./vector-store";

const chunkOf = (documentId: string, value: number): ChunkRow => ({
  id: `${documentId}:0`,
  vector: new Array<number>(8).fill(value),
  text: `the text of ${documentId}`,
  document_id: documentId,
  document_name: `${documentId}.txt`,
  chunk_index: 0,
});

describe("the vector store", () => {
  it("keeps every document written at once into a new base", async () => {
    // Before the fix about one round in six lost a write ("Append transaction is incompatible with … Overwrite").
    for (let round = 0; round < 30; round++) {
      const baseId = `concurrent-${Date.now()}-${round}`;
      const documents = ["a", "b", "c", "d"];
      await Promise.all(documents.map((id, index) => replaceDocumentChunks(baseId, id, [chunkOf(id, index + 1)])));
      expect(await countChunks(baseId)).toBe(documents.length);
      await dropBaseTable(baseId);
    }
  });
});
