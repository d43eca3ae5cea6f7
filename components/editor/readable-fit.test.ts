/** Where a graph opens: at the readable zoom from its top-left corner before the pane has a size, fitted after. */
import { describe, expect, it } from "vitest";
import { openingViewport, READABLE_ZOOM, readableViewport } from "./readable-fit";

describe("openingViewport", () => {
  it("starts at the readable zoom with the graph's top-left corner 48 px in, as a fit of a large graph does", () => {
    const nodes = [
      { id: "a", position: { x: 100, y: 50 }, width: 200, height: 80, data: {} },
      { id: "b", position: { x: 5000, y: 3000 }, width: 200, height: 80, data: {} },
    ];
    expect(openingViewport(nodes)).toEqual({
      x: 48 - 100 * READABLE_ZOOM,
      y: 48 - 50 * READABLE_ZOOM,
      zoom: READABLE_ZOOM,
    });
    const bounds = { x: 100, y: 50, width: 5100, height: 3030 };
    expect(openingViewport(nodes)).toEqual(readableViewport(bounds, { width: 1200, height: 800 }));
  });
});
