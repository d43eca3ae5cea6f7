/** The app's one button, in primary / secondary / ghost variants; links that look like buttons share its classes. */
import type { ButtonHTMLAttributes } from "react";
import { cx } from "./class-names";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md";

export function buttonClassName(variant: ButtonVariant = "secondary", size: ButtonSize = "md", extra?: string): string {
  return cx("btn", `btn-${variant}`, `btn-${size}`, extra);
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

export function Button({ variant, size, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClassName(variant, size, className)} {...props} />;
}
