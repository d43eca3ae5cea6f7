/**
 * Draws a catalogue icon from its lucide name. An explicit map keeps the bundle to the icons we
 * use; a component naming an icon that is not here gets a neutral box instead of a crash.
 */
import {
  Bot,
  Box,
  Brain,
  Code,
  Database,
  FileText,
  Globe,
  Mail,
  MessageSquare,
  Play,
  Plug,
  Search,
  Server,
  Sparkles,
  Terminal,
  Workflow,
  Wrench,
  type LucideIcon,
  type LucideProps,
} from "lucide-react";

const ICONS: Record<string, LucideIcon> = {
  bot: Bot,
  box: Box,
  brain: Brain,
  code: Code,
  database: Database,
  "file-text": FileText,
  globe: Globe,
  mail: Mail,
  "message-square": MessageSquare,
  play: Play,
  plug: Plug,
  search: Search,
  server: Server,
  sparkles: Sparkles,
  terminal: Terminal,
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
