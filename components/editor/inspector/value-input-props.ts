/** What every value input of the inspector takes, so ParamField picks one by the field's kind from a table. */
export type ValueInputProps = {
  id: string;
  testId: string;
  value: unknown;
  placeholder?: string;
  invalid?: boolean;
  onChange: (value: unknown) => void;
};
