"use client";
/**
 * The public chat page's state: getting a visitor session (asking the access code when the chat wants one), the
 * visitor's turns, and a message whose answer grows as it streams. A token the chat no longer accepts (its code
 * changed) sends the visitor back to the start.
 */
import { useCallback, useEffect, useState } from "react";
import { publicChatApi, PublicChatError } from "@/components/public-chat/public-chat-api";
import { visitorTokens } from "@/components/public-chat/visitor-tokens";
import type { PublicAnswerEvent } from "@/lib/public-chat/answer-stream";
import type { PublicTurn } from "@/lib/public-chat/visitor-conversation";

export type ChatPhase = "loading" | "code" | "ready" | "error";
type Options = { publicId: string; accessCode: boolean };

export function usePublicChat({ publicId, accessCode }: Options) {
  const [phase, setPhase] = useState<ChatPhase>("loading");
  const [turns, setTurns] = useState<PublicTurn[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  const fail = useCallback(
    (error: unknown) => {
      const status = error instanceof PublicChatError ? error.status : 0;
      if (status === 401 && accessCode) setPhase("code");
      setProblem(error instanceof Error ? error.message : String(error));
    },
    [accessCode],
  );

  const load = useCallback(async () => {
    try {
      if (!visitorTokens.get(publicId) && accessCode) return setPhase("code");
      setTurns(await turnsWithSession(publicId, accessCode));
      setPhase("ready");
    } catch (error) {
      fail(error);
      if (!(error instanceof PublicChatError && error.status === 401)) setPhase("error");
    }
  }, [publicId, accessCode, fail]);

  useEffect(() => {
    void load();
  }, [load]);

  const submitCode = async (code: string) => {
    setProblem(null);
    try {
      await publicChatApi.startSession(publicId, code);
      await load();
    } catch (error) {
      fail(error);
    }
  };

  const send = async (message: string) => {
    setProblem(null);
    setSending(true);
    try {
      await sendAndStream(publicId, message, setTurns);
    } catch (error) {
      fail(error);
    } finally {
      setSending(false);
    }
  };

  const restart = async () => {
    try {
      await publicChatApi.newConversation(publicId);
      setTurns([]);
    } catch (error) {
      fail(error);
    }
  };

  return { phase, turns, problem, sending, send, submitCode, restart };
}

/** The last turn as one more event of its answer says. */
function withAnswerEvent(turn: PublicTurn, event: PublicAnswerEvent): PublicTurn {
  switch (event.type) {
    case "message":
      return { ...turn, answer: "" };
    case "text":
      return { ...turn, answer: (turn.answer ?? "") + event.delta };
    case "done":
      return { ...turn, status: "answered", answer: event.answer };
    case "error":
      return { ...turn, status: "failed", answer: event.message };
  }
}

/** Shows the message at once and its answer as it streams; a message refused outright is taken back. */
async function sendAndStream(
  publicId: string,
  message: string,
  setTurns: (change: (turns: PublicTurn[]) => PublicTurn[]) => void,
): Promise<void> {
  const pending: PublicTurn = { message, createdAt: new Date().toISOString(), status: "answering", answer: "" };
  setTurns((all) => [...all, pending]);
  try {
    await publicChatApi.send(publicId, message, (event) =>
      setTurns((all) => [...all.slice(0, -1), withAnswerEvent(all[all.length - 1], event)]),
    );
  } catch (error) {
    setTurns((all) => all.slice(0, -1));
    throw error;
  }
}

/** The visitor's turns; a chat without a code gives a visitor with no token, or one it no longer takes, a new one. */
async function turnsWithSession(publicId: string, accessCode: boolean): Promise<PublicTurn[]> {
  if (!visitorTokens.get(publicId)) await publicChatApi.startSession(publicId);
  try {
    return await publicChatApi.turns(publicId);
  } catch (error) {
    if (!(error instanceof PublicChatError && error.status === 401) || accessCode) throw error;
    await publicChatApi.startSession(publicId);
    return publicChatApi.turns(publicId);
  }
}
