"use client";
/**
 * A component whose code loads the first time it is shown, not with the page: for panels and dialogs the editor does
 * not show at open (its code is then neither fetched nor run as the editor opens). Until the code is there, nothing is
 * shown in its place.
 */
import { lazy, Suspense, type ComponentType } from "react";

export function loadWhenShown<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function LoadWhenShown(props: Props) {
    return (
      <Suspense fallback={null}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return LoadWhenShown;
}
