/**
 * The A2A SDK's TaskStore kept in Redis, so every web process answers tasks/get and cancel for a task another one
 * started (the web app is stateless). Each task is stored with its owner — the A2A caller's user — and under its
 * workflow: another user, or the same task id asked of another workflow, finds nothing. Tasks live a week.
 * Listing is not offered (the card does not advertise it): it answers an empty page.
 */
import { Task, type ListTasksRequest, type ListTasksResponse } from "@a2a-js/sdk";
import type { ServerCallContext, TaskStore } from "@a2a-js/sdk/server";
import type { RedisClient } from "../queue/redis";

const TTL_SECONDS = 7 * 24 * 3600;

type Stored = { owner: string; task: unknown };

export class RedisTaskStore implements TaskStore {
  constructor(
    private readonly redis: RedisClient,
    private readonly workflowId: string,
  ) {}

  private key(taskId: string): string {
    return `a2a:${this.workflowId}:task:${taskId}`;
  }

  async save(task: Task, context: ServerCallContext): Promise<void> {
    const stored: Stored = { owner: context.user?.userName ?? "", task: Task.toJSON(task) };
    await this.redis.set(this.key(task.id), JSON.stringify(stored), "EX", TTL_SECONDS);
  }

  async load(taskId: string, context: ServerCallContext): Promise<Task | undefined> {
    const raw = await this.redis.get(this.key(taskId));
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as Stored;
    return stored.owner === (context.user?.userName ?? "") ? Task.fromJSON(stored.task) : undefined;
  }

  async list(request: ListTasksRequest): Promise<ListTasksResponse> {
    return { tasks: [], nextPageToken: "", pageSize: request.pageSize ?? 0, totalSize: 0 };
  }
}
