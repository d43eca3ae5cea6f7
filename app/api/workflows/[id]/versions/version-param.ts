/** The version a `/versions/{number}` path names, or the 400/404 that says why there is none. */
import { ApiError } from "@/lib/http/api-error";
import { getVersion, type StoredVersion } from "@/lib/workflow-store/versions";

export async function findVersion({ id, number }: { id: string; number: string }): Promise<StoredVersion> {
  const wanted = Number(number);
  if (!Number.isInteger(wanted) || wanted < 1)
    throw new ApiError("bad-request", `number: a version number is a whole number from 1, not "${number}"`);
  const version = await getVersion(id, wanted);
  if (!version) throw new ApiError("not-found", `Workflow ${id} has no version ${wanted}`);
  return version;
}
