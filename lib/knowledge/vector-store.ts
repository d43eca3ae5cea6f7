/**
 * Where a knowledge base's chunks live: an embedded LanceDB database (no server) under SWITCHBOARD_KNOWLEDGE_DIR
 * (default `.data/knowledge/`), one table per base holding each chunk's vector, text and document. Search is LanceDB's
 * own: cosine distance, a SQL prefilter, and an ANN index (HNSW over scalar-quantised vectors) once a table is large
 * enough that scanning it costs more than the index. `exact` bypasses the index, for brute-force answers to compare.
 */
import path from "node:path";
import { connect, Index, type Connection, type Table } from "@lancedb/lancedb";
import { Field, FixedSizeList, Float32, Int32, Schema, Utf8 } from "apache-arrow";

export type ChunkRow = {
  id: string;
  vector: number[];
  text: string;
  document_id: string;
  document_name: string;
  chunk_index: number;
};

export type ChunkHit = Omit<ChunkRow, "vector"> & { score: number };

export type VectorSearch = {
  topK: number;
  /** SQL over the chunk columns, already escaped (search-filter.ts builds it). */
  where?: string;
  /** The least cosine similarity (−1 to 1) a chunk must have. */
  minScore?: number;
  /** Brute force over every row, ignoring the index. */
  exact?: boolean;
};

/** Rows from which a table gets an ANN index: below this, a flat scan takes a few milliseconds. */
export const INDEX_FROM_ROWS = 10_000;

export const knowledgeDir = () =>
  process.env.SWITCHBOARD_KNOWLEDGE_DIR || path.join(process.cwd(), ".data", "knowledge");

const holder = globalThis as unknown as {
  switchboardLance?: Map<string, Promise<Connection>>;
  switchboardLanceCreating?: Map<string, Promise<Table>>;
};

function database(): Promise<Connection> {
  holder.switchboardLance ??= new Map();
  const dir = knowledgeDir();
  let connection = holder.switchboardLance.get(dir);
  if (!connection) {
    connection = connect(dir);
    holder.switchboardLance.set(dir, connection);
  }
  return connection;
}

const tableName = (baseId: string) => `kb_${baseId.replace(/[^A-Za-z0-9_-]/g, "_")}`;

/** A string as a SQL literal for LanceDB's filters. */
export const sqlString = (value: string) => `'${value.replace(/'/g, "''")}'`;

/** Tables this process is creating, by directory and name: a second job waits for the first's table. */
const creating = (holder.switchboardLanceCreating ??= new Map<string, Promise<Table>>());
const creatingKey = (baseId: string) => path.join(knowledgeDir(), tableName(baseId));

async function openTable(baseId: string): Promise<Table | undefined> {
  const db = await database();
  const names = await db.tableNames();
  // Looked at after the list: a table being created is listed before it can be opened.
  const pending = creating.get(creatingKey(baseId));
  if (pending) return pending;
  return names.includes(tableName(baseId)) ? db.openTable(tableName(baseId)) : undefined;
}

const chunkSchema = (dimensions: number) =>
  new Schema([
    new Field("id", new Utf8()),
    new Field("vector", new FixedSizeList(dimensions, new Field("item", new Float32(), true))),
    new Field("text", new Utf8()),
    new Field("document_id", new Utf8()),
    new Field("document_name", new Utf8()),
    new Field("chunk_index", new Int32()),
  ]);

/**
 * The base's table, made (empty, for vectors this long) when it has none. Two indexing jobs may ask at once: in one
 * process the second waits for the first's (LanceDB refuses an append racing the table's creation), and across
 * processes `existOk` opens the table another made.
 */
async function tableFor(baseId: string, dimensions: number): Promise<Table> {
  const existing = await openTable(baseId);
  if (existing) return existing;
  const key = creatingKey(baseId);
  const other = creating.get(key); // asked for while this job looked
  if (other) return other;
  const schema = chunkSchema(dimensions);
  const made = database().then((db) =>
    db.createEmptyTable(tableName(baseId), schema, { mode: "create", existOk: true }),
  );
  creating.set(key, made);
  try {
    return await made;
  } finally {
    creating.delete(key);
  }
}

const ofDocument = (documentId: string) => `document_id = ${sqlString(documentId)}`;

/** Replaces one document's chunks with these (none: the document's chunks are removed). */
export async function replaceDocumentChunks(baseId: string, documentId: string, rows: ChunkRow[]): Promise<void> {
  const existing = await openTable(baseId);
  if (existing) await existing.delete(ofDocument(documentId));
  if (rows.length === 0) return;
  await (existing ?? (await tableFor(baseId, rows[0].vector.length))).add(rows);
}

/** Removes one document's chunks, so no search finds them again; a base with no table has none. */
export async function deleteDocumentChunks(baseId: string, documentId: string): Promise<void> {
  await (await openTable(baseId))?.delete(ofDocument(documentId));
}

/** Adds rows as they are (the bench fills a table in batches this way). */
export async function addChunks(baseId: string, rows: ChunkRow[]): Promise<void> {
  if (rows.length > 0) await (await tableFor(baseId, rows[0].vector.length)).add(rows);
}

/** Builds the ANN index when the table has grown past INDEX_FROM_ROWS and has none; true when it built one. */
export async function ensureVectorIndex(baseId: string, fromRows = INDEX_FROM_ROWS): Promise<boolean> {
  const table = await openTable(baseId);
  if (!table || (await table.countRows()) < fromRows) return false;
  const indices = await table.listIndices();
  if (indices.some((index) => index.columns.includes("vector"))) {
    await table.optimize();
    return false;
  }
  await table.createIndex("vector", { config: Index.hnswSq({ distanceType: "cosine" }) });
  return true;
}

export async function dropBaseTable(baseId: string): Promise<void> {
  if (await openTable(baseId)) await (await database()).dropTable(tableName(baseId));
}

export async function countChunks(baseId: string): Promise<number> {
  return (await (await openTable(baseId))?.countRows()) ?? 0;
}

/** The nearest chunks, best first, with score = cosine similarity; an empty base answers none. */
export async function searchVectors(baseId: string, vector: number[], search: VectorSearch): Promise<ChunkHit[]> {
  const table = await openTable(baseId);
  if (!table) return [];
  let query = table.vectorSearch(vector).distanceType("cosine").limit(search.topK);
  if (search.where) query = query.where(search.where);
  if (search.exact) query = query.bypassVectorIndex();
  // Measured at 50k chunks (e2e/bench/knowledge-scenario.ts): ef 400 and re-ranking 10× the candidates on the full
  // vectors bring recall@10 from 0.66 (the defaults) to about 0.95 for a few milliseconds more.
  else query = query.ef(Math.max(400, search.topK * 20)).refineFactor(10);
  const rows = (await query
    .select(["id", "text", "document_id", "document_name", "chunk_index", "_distance"])
    .toArray()) as (Omit<ChunkHit, "score"> & { _distance: number })[];
  return rows
    .map(({ _distance, ...row }) => ({ ...row, chunk_index: Number(row.chunk_index), score: 1 - _distance }))
    .filter((hit) => search.minScore === undefined || hit.score >= search.minScore);
}
