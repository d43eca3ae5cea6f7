"use client";
/** Puts one editor store in React context; `useEditorStore(selector)` reads slices of it with shallow comparison. */
import { createContext, useContext, useState, type ReactNode } from "react";
import { useStore } from "zustand";
import { useShallow } from "zustand/react/shallow";
import { createEditorStore, type EditorInit, type EditorState, type EditorStore } from "./editor-store";

const EditorStoreContext = createContext<EditorStore | null>(null);

/** `init` is read once, when the provider mounts (made then, when it is a function). */
export function EditorStoreProvider({
  init,
  children,
}: {
  init: EditorInit | (() => EditorInit);
  children: ReactNode;
}) {
  const [store] = useState(() => createEditorStore(typeof init === "function" ? init() : init));
  return <EditorStoreContext.Provider value={store}>{children}</EditorStoreContext.Provider>;
}

export function useEditorStoreApi(): EditorStore {
  const store = useContext(EditorStoreContext);
  if (!store) throw new Error("useEditorStore must be used inside <EditorStoreProvider>");
  return store;
}

export function useEditorStore<T>(selector: (state: EditorState) => T): T {
  return useStore(useEditorStoreApi(), useShallow(selector));
}
