"use client";
/**
 * Marks the page as live once React has hydrated it (`<html data-hydrated>`): a value typed or a
 * box ticked before then is wiped as React takes the field over, so scripts that drive the page
 * wait for the mark (e2e/support/test.ts). The root layout renders it; no part of a page
 * hydrates later (no Suspense boundaries), so the mark stands for the whole page.
 */
import { useEffect } from "react";

export function HydrationMark() {
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}
