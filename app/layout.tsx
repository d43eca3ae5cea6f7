/** The root layout: document shell, global styles and the default page title. */
import type { Metadata } from "next";
import type { ReactNode } from "react";
import { HydrationMark } from "@/components/ui/hydration-mark";
import "./globals.css";

// The logo mark, inline: no extra file to serve.
const FAVICON =
  "data:image/svg+xml," +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24">' +
      '<rect width="24" height="24" rx="6" fill="#4f46e5"/>' +
      '<path d="M7 8.5c5 0 5 7 10 7" stroke="white" stroke-width="1.8" fill="none" stroke-linecap="round"/>' +
      '<circle cx="7" cy="8.5" r="2" fill="white"/><circle cx="17" cy="15.5" r="2" fill="white"/></svg>',
  );

// Every page is rendered per request, so each carries the script nonce of its own Content-Security-Policy
// (proxy.ts); a page prerendered at build time would have scripts without one, and the policy would block them.
export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: { default: "Switchboard", template: "%s · Switchboard" },
  description: "Draw AI-agent workflows, wire tools into agents, run them and watch them live.",
  icons: { icon: FAVICON },
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        {children}
        <HydrationMark />
      </body>
    </html>
  );
}
