/**
 * Draws a catalogue icon from its lucide name. An explicit map keeps the bundle to the icons we
 * use; a component naming an icon that is not here gets a neutral box instead of a crash.
 */
import {
  BookOpen,
  Bot,
  Box,
  Brain,
  Bug,
  Clock,
  Code,
  Combine,
  Database,
  FileText,
  FileOutput,
  FolderOpen,
  GitBranch,
  Globe,
  Hash,
  Hourglass,
  ListChecks,
  Mail,
  MessageSquare,
  Play,
  Plug,
  Repeat,
  Search,
  Server,
  ShieldCheck,
  Shuffle,
  Sparkles,
  Split,
  Terminal,
  Webhook,
  Workflow,
  Wrench,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  "book-open": BookOpen,
  bot: Bot,
  box: Box,
  brain: Brain,
  bug: Bug,
  clock: Clock,
  code: Code,
  combine: Combine,
  database: Database,
  "file-text": FileText,
  "file-output": FileOutput,
  "folder-open": FolderOpen,
  "git-branch": GitBranch,
  globe: Globe,
  hash: Hash,
  hourglass: Hourglass,
  "list-checks": ListChecks,
  mail: Mail,
  "message-square": MessageSquare,
  play: Play,
  plug: Plug,
  repeat: Repeat,
  search: Search,
  server: Server,
  "shield-check": ShieldCheck,
  shuffle: Shuffle,
  sparkles: Sparkles,
  split: Split,
  terminal: Terminal,
  webhook: Webhook,
  workflow: Workflow,
  wrench: Wrench,
};

export function iconFor(name: string): LucideIcon {
  return ICONS[name] ?? Box;
}

export function CatalogueIcon({ name, ...props }: { name: string } & LucideProps) {
  const Icon = iconFor(name);
  return <Icon aria-hidden {...props} />;
}
