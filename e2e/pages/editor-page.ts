/**
 * The workflow list and editor as a person uses them: palette drags, handle-to-handle wiring, the inspector, Save and
 * Run.
 */
import { expect, type Locator, type Page } from "@playwright/test";

type Point = { x: number; y: number };
const AUTO_PAN_MARGIN = 40; // @xyflow/system calcAutoPan's default distance

export class EditorPage {
  readonly canvas: Locator;
  readonly nodes: Locator;
  readonly edges: Locator;
  readonly connectionToast: Locator;
  readonly inspector: Locator;

  constructor(readonly page: Page) {
    this.canvas = page.getByTestId("editor-canvas");
    this.nodes = this.canvas.locator(".react-flow__node");
    this.edges = this.canvas.locator(".react-flow__edge");
    this.connectionToast = page.getByTestId("connection-toast");
    this.inspector = page.getByTestId("inspector");
  }

  async createWorkflow() {
    await this.page.goto("/");
    await this.page.getByTestId("new-workflow").first().click();
    await this.page.waitForURL(/\/workflows\/[^/]+$/);
    await expect(this.canvas).toBeVisible();
  }

  async openFromList(name: string) {
    await this.page.goto("/");
    await this.page.getByTestId("workflow-row").filter({ hasText: name }).getByTestId("workflow-row-link").click();
    await this.page.waitForURL(/\/workflows\/[^/]+$/);
    await expect(this.nodes.first()).toBeVisible();
  }

  /** The node whose title is exactly `label`. */
  node(label: string): Locator {
    return this.nodes.filter({ has: this.page.locator(".node-title").getByText(label, { exact: true }) });
  }

  /** Drags a palette item onto the canvas with the mouse, `at` measured from the canvas's top-left corner. */
  async dragFromPalette(componentId: string, at: Point) {
    const before = await this.nodes.count();
    const item = this.page.getByTestId(`palette-item-${componentId}`);
    await item.scrollIntoViewIfNeeded(); // the palette scrolls: the item may be below the fold
    const from = await centreOf(item);
    const box = await boxOf(this.canvas);
    await this.dragWithMouse(from, { x: box.x + at.x, y: box.y + at.y });
    await expect(this.nodes, `dropping ${componentId} adds one node`).toHaveCount(before + 1);
  }

  /** Drags from one node's handle to another's, as a person wiring them would. */
  /**
   * Waits until both handles have stopped moving (a node still growing after an inspector edit
   * shifts its handles), drags, and checks the edge landed, naming the pair when it did not.
   */
  async connect(source: Locator, sourceHandle: string, target: Locator, targetHandle: string) {
    const before = await this.edges.count();
    await this.tryToConnect(source, sourceHandle, target, targetHandle);
    await expect(this.edges, `wiring ${sourceHandle} → ${targetHandle} adds one edge`).toHaveCount(before + 1);
  }

  /** The same drag for a wire the editor should refuse: the caller checks the toast and the edges. */
  async tryToConnect(source: Locator, sourceHandle: string, target: Locator, targetHandle: string) {
    const from = await settledCentreOf(source.locator(`.react-flow__handle.source[data-handleid="${sourceHandle}"]`));
    const to = await settledCentreOf(target.locator(`.react-flow__handle.target[data-handleid="${targetHandle}"]`));
    await this.expectClearOfAutoPan(from, `handle "${sourceHandle}"`);
    await this.expectClearOfAutoPan(to, `handle "${targetHandle}"`);
    await this.dragWithMouse(from, to);
  }

  /**
   * React Flow pans the view while a wire or a selection box is dragged within 40 px of the canvas's edge, moving the
   * target out from under the mouse by however far a slow machine lets it pan: a test laid out
   * like that passes or fails by load. Refuse it outright instead.
   */
  private async expectClearOfAutoPan(point: Point, what: string) {
    const box = await boxOf(this.canvas);
    const margin = Math.min(
      point.x - box.x,
      box.x + box.width - point.x,
      point.y - box.y,
      box.y + box.height - point.y,
    );
    if (margin < AUTO_PAN_MARGIN) {
      throw new Error(
        `${what} is ${Math.round(margin)} px from the canvas edge; lay the nodes out at least ` +
          `${AUTO_PAN_MARGIN} px in`,
      );
    }
  }

  /** Clicks a palette item, which adds the component at the centre of the view. */
  async addFromPalette(componentId: string) {
    const before = await this.nodes.count();
    await this.page.getByTestId(`palette-item-${componentId}`).click();
    await expect(this.nodes, `clicking ${componentId} adds one node`).toHaveCount(before + 1);
  }

  /** Holds Shift and drags a box over the canvas, corners measured from its top-left. */
  /**
   * Shift-drags a box around the given nodes, measured once they have stopped growing (an Agent's
   * output handles arrive after it is dropped), with a margin. React Flow pans the view while a
   * selection is dragged near the canvas's edge, as it does for a wire, so the corners must be clear.
   */
  async boxSelectAround(nodes: Locator[]) {
    const boxes = [];
    for (const node of nodes) {
      await settledCentreOf(node);
      boxes.push(await boxOf(node));
    }
    const margin = 24;
    const from = { x: Math.min(...boxes.map((b) => b.x)) - margin, y: Math.min(...boxes.map((b) => b.y)) - margin };
    const to = {
      x: Math.max(...boxes.map((b) => b.x + b.width)) + margin,
      y: Math.max(...boxes.map((b) => b.y + b.height)) + margin,
    };
    await this.expectClearOfAutoPan(from, "the selection's first corner");
    await this.expectClearOfAutoPan(to, "the selection's last corner");
    await this.page.keyboard.down("Shift");
    await this.dragWithMouse(from, to);
    await this.page.keyboard.up("Shift");
  }

  /** Drags a node by its header, by `by` screen pixels. */
  async dragNode(node: Locator, by: Point) {
    const from = await centreOf(node.locator(".node-header"));
    await this.dragWithMouse(from, { x: from.x + by.x, y: from.y + by.y });
  }

  /** The node's position on the canvas (flow coordinates), read from React Flow's transform. */
  async positionOf(node: Locator): Promise<Point> {
    const transform = await node.evaluate((el) => (el as HTMLElement).style.transform);
    const match = /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\)/.exec(transform);
    if (!match) throw new Error(`node transform "${transform}" has no translate()`);
    return { x: Number(match[1]), y: Number(match[2]) };
  }

  /** Presses a shortcut with Ctrl (⌘ on macOS) on the canvas, e.g. `shortcut("z")`, `shortcut("Shift+z")`. */
  async shortcut(keys: string) {
    await this.page.keyboard.press(`ControlOrMeta+${keys}`);
  }

  get selectedNodes(): Locator {
    return this.canvas.locator(".react-flow__node.selected");
  }

  get saveState(): Locator {
    return this.page.getByTestId("save-state");
  }

  async select(node: Locator) {
    await node.locator(".node-header").click();
    await expect(node).toHaveClass(/selected/);
  }

  param(name: string): Locator {
    return this.inspector.getByTestId(`param-${name}`);
  }

  /** Replaces a list field's rows (command arguments) with `values`, one row each, as a person would. */
  async fillList(name: string, values: string[]) {
    const field = this.param(name);
    const remove = field.getByTestId(`param-${name}-remove`);
    while ((await remove.count()) > 0) await remove.first().click();
    for (const value of values) {
      await field.getByTestId(`param-${name}-add`).click();
      await field.getByTestId(`param-${name}-item`).last().fill(value);
    }
  }

  /** Adds key/value rows (headers, environment); a value `{ secret: NAME }` is picked from the stored secrets. */
  async fillRows(name: string, rows: [string, string | { secret: string }][]) {
    const field = this.param(name);
    for (const [key, value] of rows) {
      await field.getByTestId(`param-${name}-add`).click();
      const row = field.getByTestId(`param-${name}-row`).last();
      await row.getByTestId(`param-${name}-key`).fill(key);
      if (typeof value === "string") await row.getByTestId(`param-${name}-value`).fill(value);
      else {
        await row.getByTestId(`param-${name}-use-secret`).click();
        await row.getByTestId(`param-${name}-secret`).selectOption(value.secret);
      }
    }
  }

  /** For the selected Agent or LLM: the scripted test model (a new one starts on OpenAI) answering from `script`. */
  async useScriptedModel(script: string) {
    await this.param("provider").selectOption("scripted");
    await this.param("script").fill(script);
  }

  async save() {
    await this.page.getByTestId("save-workflow").click();
    await expect(this.page.getByTestId("save-state")).toHaveText("Saved");
  }

  async run() {
    await this.page.getByTestId("run-workflow").click();
    await this.page.waitForURL(/\/runs\/[^/]+$/);
  }

  private async dragWithMouse(from: Point, to: Point) {
    const { mouse } = this.page;
    await mouse.move(from.x, from.y);
    await mouse.down();
    // Small first step, then many: enough movement for HTML5 drag and React Flow's connection line to start and follow.
    await mouse.move(from.x + 8, from.y + 8, { steps: 4 });
    await mouse.move(to.x, to.y, { steps: 24 });
    await mouse.up();
  }
}

async function boxOf(locator: Locator) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no bounding box`);
  return box;
}

/** The centre once two reads a frame apart agree, so a drag does not aim at where a handle was. */
async function settledCentreOf(locator: Locator): Promise<Point> {
  let last = await centreOf(locator);
  for (let attempt = 0; attempt < 20; attempt++) {
    await locator
      .page()
      .evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const now = await centreOf(locator);
    if (now.x === last.x && now.y === last.y) return now;
    last = now;
  }
  throw new Error(`${locator} kept moving`);
}

async function centreOf(locator: Locator): Promise<Point> {
  const box = await boxOf(locator);
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}
