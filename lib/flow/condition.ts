/**
 * Conditions for If and Switch, as the inspector's builder writes them: a value (usually a
 * template such as `{{agent.text}}`, already filled in), an operator and what to compare with.
 * Pure, so the browser can preview a condition and tests can pin every operator.
 */
export const CONDITION_OPERATORS = [
  { value: "contains", label: "contains" },
  { value: "not_contains", label: "does not contain" },
  { value: "equals", label: "equals" },
  { value: "not_equals", label: "does not equal" },
  { value: "gt", label: "is greater than" },
  { value: "gte", label: "is at least" },
  { value: "lt", label: "is less than" },
  { value: "lte", label: "is at most" },
  { value: "exists", label: "exists (is not empty)" },
  { value: "not_exists", label: "is empty or missing" },
  { value: "is_true", label: "is true" },
  { value: "is_false", label: "is false" },
  { value: "matches", label: "matches the regular expression" },
] as const;
export type ConditionOperator = (typeof CONDITION_OPERATORS)[number]["value"];
export const CONDITION_OPERATOR_VALUES = CONDITION_OPERATORS.map((op) => op.value) as [
  ConditionOperator,
  ...ConditionOperator[],
];

/** Operators that need nothing to compare with. */
export const UNARY_OPERATORS: ReadonlySet<ConditionOperator> = new Set(["exists", "not_exists", "is_true", "is_false"]);

export type Condition = { value: unknown; operator: ConditionOperator; compareTo?: string };

/** The text a condition compares: strings as they are, anything else as JSON. */
export const asText = (value: unknown): string =>
  typeof value === "string" ? value : value === undefined || value === null ? "" : JSON.stringify(value);

function asNumber(value: unknown, what: string): number {
  const number = typeof value === "number" ? value : Number(asText(value).trim());
  if (asText(value).trim() === "" || !Number.isFinite(number))
    throw new Error(`${what} is not a number: ${JSON.stringify(asText(value).slice(0, 60))}`);
  return number;
}

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === null ||
  value === "" ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === "object" && value !== null && Object.keys(value).length === 0);

function isTruthy(value: unknown): boolean {
  if (typeof value === "string") return ["true", "yes", "1"].includes(value.trim().toLowerCase());
  return value === true || value === 1;
}

/**
 * The `matches` operator's regex, or an Error naming what is wrong with it. Compiling runs nothing; testing can, for
 * long.
 */
export function compilePattern(compareTo: string): RegExp {
  try {
    return new RegExp(compareTo);
  } catch (error) {
    throw new Error(`The regular expression ${JSON.stringify(compareTo)} is not valid: ${(error as Error).message}`);
  }
}

/**
 * Whether the condition holds; throws an Error naming the problem when it cannot be decided (a non-number compared as a
 * number, a bad regex).
 */
export function evaluateCondition({ value, operator, compareTo = "" }: Condition): boolean {
  switch (operator) {
    case "contains":
      return Array.isArray(value)
        ? value.some((item) => asText(item) === compareTo)
        : asText(value).includes(compareTo);
    case "not_contains":
      return !evaluateCondition({ value, operator: "contains", compareTo });
    case "equals":
      return asText(value) === compareTo;
    case "not_equals":
      return asText(value) !== compareTo;
    case "gt":
      return asNumber(value, "The value") > asNumber(compareTo, "The comparison");
    case "gte":
      return asNumber(value, "The value") >= asNumber(compareTo, "The comparison");
    case "lt":
      return asNumber(value, "The value") < asNumber(compareTo, "The comparison");
    case "lte":
      return asNumber(value, "The value") <= asNumber(compareTo, "The comparison");
    case "exists":
      return !isEmpty(value);
    case "not_exists":
      return isEmpty(value);
    case "is_true":
      return isTruthy(value);
    case "is_false":
      return !isTruthy(value);
    case "matches":
      return compilePattern(compareTo).test(asText(value));
  }
}
