/**
 * POST adds a document to a knowledge base (editor): text, a file's bytes in base64 or a URL to fetch; answers 202
 * with the document, queued to be indexed. Takes the larger (workflow) body limit: a PDF in base64 is big.
 */
import { ApiError } from "@/lib/http/api-error";
import { apiRoute } from "@/lib/http/api-route";
import { addDocument, DocumentUpload } from "@/lib/knowledge/add-document";
import { UnreadableDocumentError } from "@/lib/knowledge/extract-text";
import { AddressRefusedError } from "@/lib/net/address-policy";
import { describeIssues } from "@/lib/validation/describe-issues";
import { knowledgeBaseOrNotFound } from "../../knowledge-of";

export const dynamic = "force-dynamic";

export const POST = apiRoute<{ id: string }>({ role: "editor", body: "workflow" }, async ({ json }, { id }) => {
  const base = await knowledgeBaseOrNotFound(id);
  const body = DocumentUpload.safeParse(await json());
  if (!body.success) throw new ApiError("bad-request", describeIssues(body.error));
  try {
    return Response.json(await addDocument(base, body.data), { status: 202 });
  } catch (error) {
    if (error instanceof UnreadableDocumentError) throw new ApiError("bad-request", error.message);
    if (error instanceof AddressRefusedError) throw new ApiError("bad-request", `url: ${error.message}`);
    throw error;
  }
});
