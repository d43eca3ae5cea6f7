/**
 * Documents are parsed in boxes that are not the worker's user: HTML and a PDF parse (pdf.js loaded before the box
 * gave up root, so it still works after), and every parsing box runs as nobody when the worker is root.
 */
import { describe, expect, it } from "vitest";
import { boxUsers, expectedBoxUser } from "../testing/box-users";
import { minimalPdf } from "../testing/minimal-pdf";
import { parseDocumentInBox } from "./parse-document";

describe("document parsing boxes", () => {
  it("parse HTML and PDF as nobody, never as the worker's user", { timeout: 30_000 }, async () => {
    const html = new TextEncoder().encode("<h1>Holidays</h1><script>steal()</script><p>Twenty five days a year.</p>");
    const pdf = Buffer.from(minimalPdf("Lockers are emptied on Fridays."), "base64");
    const [htmlText, pdfText] = await Promise.all([
      parseDocumentInBox(html, "text/html"),
      parseDocumentInBox(new Uint8Array(pdf), "application/pdf"),
    ]);
    expect(htmlText).toContain("Twenty five days a year.");
    expect(htmlText).not.toContain("steal");
    expect(pdfText).toContain("Lockers are emptied on Fridays.");
    expect(boxUsers().length).toBeGreaterThanOrEqual(1);
    // Other tests in this process have boxes too; one still starting is root until it is ready.
    const user = expectedBoxUser();
    await expect
      .poll(() => boxUsers().filter((box) => box.uids.some((uid) => uid !== user)), { timeout: 20_000 })
      .toEqual([]);
  });
});
