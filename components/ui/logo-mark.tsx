/** Switchboard's mark: three patch points, two of them wired together. */
export function LogoMark({ size = 22 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" aria-hidden className="logo-mark">
      <rect width="24" height="24" rx="6" fill="var(--accent)" />
      <path d="M7 8.5c5 0 5 7 10 7" stroke="white" strokeWidth="1.8" fill="none" strokeLinecap="round" />
      <circle cx="7" cy="8.5" r="2" fill="white" />
      <circle cx="17" cy="15.5" r="2" fill="white" />
      <circle cx="17" cy="8.5" r="2" fill="none" stroke="white" strokeWidth="1.4" opacity="0.7" />
    </svg>
  );
}
