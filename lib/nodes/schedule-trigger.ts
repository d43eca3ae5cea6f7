/**
 * Schedule trigger: starts the workflow on a cron schedule in a time zone (BullMQ job schedulers,
 * lib/triggers/schedules.ts).
 */
import { z } from "zod";
import { defineComponent } from "./types";

export const scheduleTrigger = defineComponent({
  id: "trigger.schedule",
  label: "Schedule",
  category: "Flow",
  icon: "clock",
  description: "Starts the workflow on a schedule (cron, in a time zone), with a fixed input.",
  inputs: [],
  outputs: [{ name: "output", label: "Input" }],
  fields: [
    { name: "enabled", label: "Enabled", kind: "boolean" },
    {
      name: "cron",
      label: "Cron",
      kind: "text",
      required: true,
      placeholder: "0 * * * *",
      help: "minute hour day month weekday (an optional seconds field first). 0 9 * * 1-5 is 9:00 on weekdays.",
    },
    {
      name: "timezone",
      label: "Time zone",
      kind: "text",
      placeholder: "UTC",
      help: "An IANA name such as Europe/Oslo.",
    },
    { name: "input", label: "Input", kind: "json", placeholder: '{ "report": "daily" }' },
    {
      name: "missedFirings",
      label: "Missed firings",
      kind: "select",
      options: [
        { value: "skip", label: "Skip them (note them)" },
        { value: "catchUpOnce", label: "Catch up once" },
      ],
      help:
        "When firings were missed (no worker was up, Redis lost the schedule): skip them, or start one run to " +
        "make up for all of them. Either way they are noted.",
    },
  ],
  params: z.object({
    enabled: z.boolean().default(true),
    cron: z.string().min(1, "cron: write a schedule such as 0 * * * *"),
    timezone: z.string().default("UTC"),
    input: z.unknown().optional(),
    missedFirings: z.enum(["skip", "catchUpOnce"]).default("skip"),
  }),
  trigger: "schedule",
  harmlessToRepeat: true,
  pure: true,
  async execute({ runInput }) {
    return { output: runInput ?? null };
  },
});
