/**
 * Our typed values (graphs, plans, outputs) are JSON by construction; this tells Prisma's Json columns so in one place.
 */
import type { Prisma } from "./generated/client";

export function asJson(value: unknown): Prisma.InputJsonValue {
  return value as Prisma.InputJsonValue;
}
