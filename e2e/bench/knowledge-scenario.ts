/**
 * Knowledge search at scale: a 50,000-chunk knowledge base (synthetic text over a 3,000-word vocabulary, embedded
 * as 384-dimension hashed bag-of-words vectors, as the tests' fake embeddings server does) stored in LanceDB through
 * the product's vector store, its HNSW index built as ingest builds it; then 200 queries — a few words of a random
 * chunk each — searched top-10 through the index (p50/p95) and by LanceDB's own brute force (bypassing the index),
 * and recall@10 of the indexed answers against the exact ones. Query embedding is left out: it is the provider's time.
 */
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { hashedEmbedding } from "../../lib/testing/fake-embeddings";
import { ms, percentile, timeEach, type BenchRow } from "./measure";

const CHUNKS = Number(process.env.BENCH_KNOWLEDGE_CHUNKS ?? 50_000);
const QUERIES = 200;
const DIMENSIONS = 384;
const BATCH = 5_000;
const BASE_ID = "bench";

/** A small deterministic generator (mulberry32), so every run builds the same corpus. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const next = random(42);
const VOCABULARY = Array.from({ length: 3_000 }, (_, index) => `w${index.toString(36)}`);
/** Zipf-like: common words are common, as in prose. */
const word = () => VOCABULARY[Math.floor(VOCABULARY.length * next() ** 2)];
const chunkText = () => Array.from({ length: 40 }, word).join(" ");

async function buildCorpus(store: typeof import("../../lib/knowledge/vector-store")): Promise<string[]> {
  const texts: string[] = [];
  for (let start = 0; start < CHUNKS; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, CHUNKS - start) }, (_, offset) => {
      const text = chunkText();
      texts.push(text);
      const index = start + offset;
      return {
        id: `doc${index % 500}:${index}`,
        vector: hashedEmbedding(text, DIMENSIONS),
        text,
        document_id: `doc${index % 500}`,
        document_name: `document-${index % 500}.txt`,
        chunk_index: index,
      };
    });
    await store.addChunks(BASE_ID, rows);
  }
  return texts;
}

export async function benchKnowledgeSearch(): Promise<{ rows: BenchRow[]; figures: Record<string, number> }> {
  process.env.SWITCHBOARD_KNOWLEDGE_DIR = path.join(
    tmpdir(),
    `switchboard-knowledge-bench-${process.env.SWITCHBOARD_TEST_SLOT ?? "0"}`,
  );
  await rm(process.env.SWITCHBOARD_KNOWLEDGE_DIR, { recursive: true, force: true });
  const store = await import("../../lib/knowledge/vector-store");
  const built = performance.now();
  const texts = await buildCorpus(store);
  const loadSeconds = (performance.now() - built) / 1000;
  const indexed = performance.now();
  await store.ensureVectorIndex(BASE_ID);
  const indexSeconds = (performance.now() - indexed) / 1000;
  const queries = Array.from({ length: QUERIES }, () => {
    const words = texts[Math.floor(next() * texts.length)].split(" ");
    const from = Math.floor(next() * (words.length - 8));
    return hashedEmbedding(words.slice(from, from + 8).join(" "), DIMENSIONS);
  });
  const search = (exact: boolean) => (index: number) =>
    store.searchVectors(BASE_ID, queries[index], { topK: 10, exact });
  await timeEach(10, search(false)); // warm up: the index's files into the page cache
  const answers: string[][] = [];
  const indexedTimes = await timeEach(QUERIES, async (index) => {
    answers[index] = (await search(false)(index)).map((hit) => hit.id);
  });
  let found = 0;
  const exactTimes = await timeEach(QUERIES, async (index) => {
    const exact = new Set((await search(true)(index)).map((hit) => hit.id));
    found += answers[index].filter((id) => exact.has(id)).length;
  });
  const recall = found / (QUERIES * 10);
  const row = (scenario: string, times: number[], extra: BenchRow = {}): BenchRow => ({
    scenario,
    "p50 ms": ms(percentile(times, 50)),
    "p95 ms": ms(percentile(times, 95)),
    ...extra,
  });
  return {
    rows: [
      row(`knowledge search, ${CHUNKS} chunks, HNSW index, top 10`, indexedTimes, { "recall@10": ms(recall * 100) }),
      row(`knowledge search, ${CHUNKS} chunks, exact (brute force)`, exactTimes),
    ],
    figures: {
      knowledge_search_p50_ms: ms(percentile(indexedTimes, 50)),
      knowledge_search_p95_ms: ms(percentile(indexedTimes, 95)),
      knowledge_recall_at_10: Math.round(recall * 1000) / 1000,
      knowledge_exact_search_p50_ms: ms(percentile(exactTimes, 50)),
      knowledge_index_build_s: ms(indexSeconds),
      knowledge_load_50k_s: ms(loadSeconds),
    },
  };
}
