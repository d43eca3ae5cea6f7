/** Roles and what each may do: admin ⊃ editor ⊃ viewer. Pure, so pages, routes and tests share one ladder. */
export const ROLES = ["viewer", "editor", "admin"] as const;
export type Role = (typeof ROLES)[number];

const RANK: Record<Role, number> = { viewer: 0, editor: 1, admin: 2 };

export function isRole(value: unknown): value is Role {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value);
}

/** True when `actual` may do what `needed` may do. */
export function hasRole(actual: Role, needed: Role): boolean {
  return RANK[actual] >= RANK[needed];
}

export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: "Users, secrets, host access and everything an editor does",
  editor: "Builds and runs workflows, decides approvals, uses secrets by name",
  viewer: "Sees workflows and runs; cannot change or run them",
};
