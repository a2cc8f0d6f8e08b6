/**
 * What the mask editor has painted: one bitmask for the inpainting mask and one per element
 * region, all at the editor's working size, with undo and redo.
 *
 * History keeps, per operation, only the rectangle that changed (before and after bytes),
 * so a brush stroke on a 4000×3000 photo costs kilobytes, not a full copy of every layer.
 */
import {
  applySelection,
  type Bitmask,
  boundingBox,
  createBitmask,
  type Point,
  type RegionElement,
  regionElements,
  scaleBitmask,
} from '@facelift/shared';
import {
  type BrushShape,
  fillShape,
  type PixelBox,
  paintSegment,
  type RegionShape,
  unionBox,
} from './mask-painting.ts';

/** What the editor paints into: the inpainting mask, or one element's region. */
export type MaskTarget = 'mask' | RegionElement;
export const maskTargets: readonly MaskTarget[] = ['mask', ...regionElements];

/** A rectangle of a layer's pixels, sides included. */
export interface LayerRectangle {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

interface HistoryEntry {
  /** What the layer's surface clicks cut, before and after the step (docs/decisions/590). */
  surfaceCuts?: Array<{
    target: MaskTarget;
    before: readonly LayerRectangle[];
    after: readonly LayerRectangle[];
  }>;
  /** `keptOut`: a change of what smart-select shift-clicks keep out of the layer, not of the layer. */
  changes: Array<{
    target: MaskTarget;
    box: PixelBox;
    before: Uint8Array;
    after: Uint8Array;
    keptOut?: true;
  }>;
}

/** Undo steps are dropped, oldest first, beyond this many bytes of history. */
const historyByteBudget = 256 * 1024 * 1024;

export class MaskLayers {
  readonly width: number;
  readonly height: number;
  private readonly layers: Map<MaskTarget, Bitmask>;
  /**
   * Per layer, what a shift-click of smart select on a surface took away from it: later surface
   * clicks leave it out (docs/decisions/331-shift-click-removals-stay-out.md).
   */
  private readonly keptOut = new Map<MaskTarget, Bitmask>();
  /**
   * Per layer, the cuts its surface clicks made and did not take back: a later click keeps the
   * large ones its own cuts miss (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
   */
  private readonly surfaceCutsByLayer = new Map<MaskTarget, readonly LayerRectangle[]>();
  private readonly undoStack: HistoryEntry[] = [];
  private redoStack: HistoryEntry[] = [];
  private historyBytes = 0;
  /** The layer as it was when the operation in progress (a stroke) started. */
  private pending: { target: MaskTarget; snapshot: Uint8Array; box: PixelBox | null } | null = null;

  constructor(width: number, height: number) {
    this.width = width;
    this.height = height;
    this.layers = new Map(maskTargets.map((target) => [target, createBitmask(width, height)]));
  }

  /** Made on a layer's first surface click: most layers never have one. */
  private keptOutOf(target: MaskTarget): Bitmask {
    let mask = this.keptOut.get(target);
    if (!mask) {
      mask = createBitmask(this.width, this.height);
      this.keptOut.set(target, mask);
    }
    return mask;
  }

  /** What the layer's surface clicks cut (for its next surface click). */
  surfaceCuts(target: MaskTarget): readonly LayerRectangle[] {
    return this.surfaceCutsByLayer.get(target) ?? [];
  }

  layer(target: MaskTarget): Bitmask {
    return this.layers.get(target) as Bitmask;
  }

  isEmpty(target: MaskTarget): boolean {
    return this.layer(target).data.indexOf(1) === -1;
  }

  get canUndo(): boolean {
    return this.undoStack.length > 0;
  }

  get canRedo(): boolean {
    return this.redoStack.length > 0;
  }

  /** Whether an operation made of several steps (a brush stroke) is in progress. */
  get isOperationOpen(): boolean {
    return this.pending !== null;
  }

  /** Starts an operation made of several steps (a brush stroke); ends with `endOperation`. */
  beginOperation(target: MaskTarget): void {
    this.endOperation();
    this.pending = { target, snapshot: this.layer(target).data.slice(), box: null };
  }

  /** Paints (value 1) or erases (value 0) a segment of the stroke in progress. */
  strokeSegment(from: Point, to: Point, diameter: number, shape: BrushShape, value: 0 | 1): PixelBox | null {
    if (!this.pending) throw new Error('strokeSegment needs beginOperation first');
    const box = paintSegment(this.layer(this.pending.target), from, to, diameter, shape, value);
    this.pending.box = unionBox(this.pending.box, box);
    return box;
  }

  /** Ends the operation in progress, recording it for undo if it changed anything. */
  endOperation(): void {
    const pending = this.pending;
    this.pending = null;
    if (!pending?.box) return;
    const change = this.captureChange(pending.target, pending.box, pending.snapshot);
    if (change) this.record({ changes: [change] });
  }

  /** Drops the operation in progress, restoring the layer (a stroke turned into a pinch). */
  cancelOperation(): PixelBox | null {
    const pending = this.pending;
    this.pending = null;
    if (!pending) return null;
    this.layer(pending.target).data.set(pending.snapshot);
    return pending.box;
  }

  /** Fills a dragged rectangle or ellipse, as one undoable step. */
  fillShape(
    target: MaskTarget,
    corner: Point,
    oppositeCorner: Point,
    shape: RegionShape,
    value: 0 | 1,
  ): PixelBox | null {
    return this.applyOperation(target, (layer) => fillShape(layer, corner, oppositeCorner, shape, value));
  }

  /**
   * Adds or subtracts a smart-select result, as one undoable step. The selection may have
   * another size (smart select analyses a smaller copy of big photos): it is scaled first.
   */
  applySelection(target: MaskTarget, selection: Bitmask, mode: 'add' | 'subtract'): PixelBox | null {
    const scaled =
      selection.width === this.width && selection.height === this.height
        ? selection
        : scaleBitmask(selection, this.width, this.height);
    const box = boundingBox(scaled);
    if (!box) return null;
    return this.applyOperation(target, (layer) => {
      applySelection(layer, scaled, mode);
      return box;
    });
  }

  /**
   * Takes `remove` away from a layer and then adds `add`, as one undoable step: a further
   * click on a window replaces its frame with the refined one. Either may be missing.
   * `surfaceCuts`: what a surface click's smart select remembers it and the layer's earlier
   * clicks cut, in the layer's pixels (docs/decisions/590-earlier-cuts-a-later-click-misses.md).
   */
  replaceSelection(
    target: MaskTarget,
    remove: Bitmask | null,
    add: Bitmask | null,
    surfaceClick?: Point,
    surfaceCuts?: readonly LayerRectangle[],
  ): PixelBox | null {
    const scale = (selection: Bitmask | null) =>
      !selection || (selection.width === this.width && selection.height === this.height)
        ? selection
        : scaleBitmask(selection, this.width, this.height);
    const removed = scale(remove);
    const added = scale(add);
    const box = unionBox(removed ? boundingBox(removed) : null, added ? boundingBox(added) : null);
    if (!box) return null;
    if (!surfaceClick) {
      return this.applyOperation(target, (layer) => {
        if (removed) applySelection(layer, removed, 'subtract');
        if (added) applySelection(layer, added, 'add');
        return box;
      });
    }
    // A surface click (a wall, a roof) at `surfaceClick`: what its shift-clicks took away stays
    // out of its later clicks, but for the piece the click lands in, which the user asks back
    // (docs/decisions/331-shift-click-removals-stay-out.md). One undoable step with the layer.
    // Only the click's box is copied and compared: this runs on the editor's main thread.
    this.endOperation();
    const layer = this.layer(target);
    const keptOut = this.keptOutOf(target);
    const layerBefore = copyBox(layer, box);
    let keptChange: HistoryEntry['changes'][number] | null = null;
    if (removed && !added) {
      const keptBefore = copyBox(keptOut, box);
      forEachInBox(layer, box, (index) => {
        if (removed.data[index] === 1 && layer.data[index] === 1) keptOut.data[index] = 1;
      });
      keptChange = changeOf(target, box, keptBefore, copyBox(keptOut, box), true);
    }
    if (removed) applySelection(layer, removed, 'subtract');
    if (added) {
      const cleared = clearPieceAt(keptOut, surfaceClick);
      if (cleared) {
        keptChange = changeOf(target, cleared.box, cleared.before, copyBox(keptOut, cleared.box), true);
      }
      forEachInBox(layer, box, (index) => {
        if (added.data[index] === 1 && keptOut.data[index] === 0) layer.data[index] = 1;
      });
    }
    const layerChange = changeOf(target, box, layerBefore, copyBox(layer, box));
    if (!layerChange) {
      // Nothing the user sees changed: no undo step, and the memory stays as it was.
      if (keptChange) pasteBox(keptOut, keptChange.box, keptChange.before);
      return box;
    }
    const entry: HistoryEntry = { changes: keptChange ? [layerChange, keptChange] : [layerChange] };
    if (surfaceCuts) {
      const after = [...surfaceCuts];
      entry.surfaceCuts = [{ target, before: this.surfaceCuts(target), after }];
      this.surfaceCutsByLayer.set(target, after);
    }
    this.record(entry);
    return box;
  }

  /** Clears every layer, as one undoable step. Returns the whole area when anything changed. */
  reset(): PixelBox | null {
    this.endOperation();
    const whole = { left: 0, top: 0, right: this.width - 1, bottom: this.height - 1 };
    const changes: HistoryEntry['changes'] = [];
    for (const target of maskTargets) {
      // Starting over forgets what shift-clicks kept out of the layer too.
      for (const keptOut of [false, true]) {
        const layer = keptOut ? this.keptOut.get(target) : this.layer(target);
        const box = layer ? boundingBox(layer) : null;
        if (!layer || !box) continue;
        const before = copyBox(layer, box);
        layer.data.fill(0);
        const after = new Uint8Array(before.length);
        changes.push(
          keptOut ? { target, box, before, after, keptOut: true } : { target, box, before, after },
        );
      }
    }
    // And what surface clicks cut.
    const surfaceCuts = [...this.surfaceCutsByLayer]
      .filter(([, cuts]) => cuts.length > 0)
      .map(([target, before]) => ({ target, before, after: [] }));
    if (changes.length === 0 && surfaceCuts.length === 0) return null;
    this.record(surfaceCuts.length > 0 ? { changes, surfaceCuts } : { changes });
    this.surfaceCutsByLayer.clear();
    return whole;
  }

  /** Undoes the last step; returns the area to redraw, or null when there was nothing. */
  undo(): PixelBox | null {
    this.endOperation();
    const entry = this.undoStack.pop();
    if (!entry) return null;
    this.redoStack.push(entry);
    return this.restore(entry, 'before');
  }

  redo(): PixelBox | null {
    this.endOperation();
    const entry = this.redoStack.pop();
    if (!entry) return null;
    this.undoStack.push(entry);
    return this.restore(entry, 'after');
  }

  /** Replaces a layer's content (a region loaded back from a project), clearing history. */
  load(target: MaskTarget, mask: Bitmask): void {
    const scaled = scaleBitmask(mask, this.width, this.height);
    this.layer(target).data.set(scaled.data);
    this.keptOut.delete(target);
    this.surfaceCutsByLayer.delete(target);
    this.undoStack.length = 0;
    this.redoStack = [];
    this.historyBytes = 0;
  }

  private applyOperation(
    target: MaskTarget,
    operation: (layer: Bitmask) => PixelBox | null,
  ): PixelBox | null {
    this.endOperation();
    const layer = this.layer(target);
    const snapshot = layer.data.slice();
    const box = operation(layer);
    if (!box) return null;
    const change = this.captureChange(target, box, snapshot);
    if (change) this.record({ changes: [change] });
    return box;
  }

  private captureChange(
    target: MaskTarget,
    box: PixelBox,
    snapshot: Uint8Array,
  ): HistoryEntry['changes'][number] | null {
    const before = copyBox({ width: this.width, height: this.height, data: snapshot }, box);
    return changeOf(target, box, before, copyBox(this.layer(target), box));
  }

  private record(entry: HistoryEntry): void {
    this.undoStack.push(entry);
    this.historyBytes += entryBytes(entry);
    for (const dropped of this.redoStack) this.historyBytes -= entryBytes(dropped);
    this.redoStack = [];
    while (this.historyBytes > historyByteBudget && this.undoStack.length > 1) {
      this.historyBytes -= entryBytes(this.undoStack.shift() as HistoryEntry);
    }
  }

  private restore(entry: HistoryEntry, side: 'before' | 'after'): PixelBox | null {
    let area: PixelBox | null = null;
    for (const cuts of entry.surfaceCuts ?? []) this.surfaceCutsByLayer.set(cuts.target, cuts[side]);
    for (const change of entry.changes) {
      if (change.keptOut) {
        pasteBox(this.keptOutOf(change.target), change.box, change[side]);
        continue;
      }
      pasteBox(this.layer(change.target), change.box, change[side]);
      area = unionBox(area, change.box);
    }
    return area;
  }
}

/** A history change of `box`, or null when `before` and `after` are the same. */
function changeOf(
  target: MaskTarget,
  box: PixelBox,
  before: Uint8Array,
  after: Uint8Array,
  keptOut = false,
): HistoryEntry['changes'][number] | null {
  for (let index = 0; index < before.length; index++) {
    if (before[index] !== after[index]) {
      return keptOut ? { target, box, before, after, keptOut: true } : { target, box, before, after };
    }
  }
  return null;
}

function forEachInBox(mask: Bitmask, box: PixelBox, visit: (index: number) => void): void {
  for (let y = box.top; y <= box.bottom; y++) {
    const row = y * mask.width;
    for (let x = box.left; x <= box.right; x++) visit(row + x);
  }
}

/**
 * Clears the 4-connected piece of `mask` under `point` (nothing when it is not set there), and
 * returns the piece's box with its bytes before. The piece is marked 2 first, so the box's
 * former bytes are read back without a copy of the whole mask; the stack is a typed array
 * that grows, since a removed sky or roof can hold millions of pixels.
 */
function clearPieceAt(mask: Bitmask, point: Point): { box: PixelBox; before: Uint8Array } | null {
  const { width, height, data } = mask;
  // The pixel the pointer is in (the editor's points are fractional).
  const x = Math.floor(point.x);
  const y = Math.floor(point.y);
  if (x < 0 || y < 0 || x >= width || y >= height || data[y * width + x] !== 1) return null;
  let stack = new Int32Array(1024);
  let size = 0;
  const push = (index: number) => {
    if (size === stack.length) {
      const grown = new Int32Array(size * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[size++] = index;
    data[index] = 2;
  };
  const box = { left: x, top: y, right: x, bottom: y };
  push(y * width + x);
  while (size > 0) {
    const index = stack[--size] as number;
    const column = index % width;
    const row = (index - column) / width;
    if (column < box.left) box.left = column;
    if (column > box.right) box.right = column;
    if (row < box.top) box.top = row;
    if (row > box.bottom) box.bottom = row;
    if (column > 0 && data[index - 1] === 1) push(index - 1);
    if (column < width - 1 && data[index + 1] === 1) push(index + 1);
    if (row > 0 && data[index - width] === 1) push(index - width);
    if (row < height - 1 && data[index + width] === 1) push(index + width);
  }
  const before = copyBox(mask, box);
  for (let index = 0; index < before.length; index++) if (before[index] === 2) before[index] = 1;
  forEachInBox(mask, box, (index) => {
    if (data[index] === 2) data[index] = 0;
  });
  return { box, before };
}

function entryBytes(entry: HistoryEntry): number {
  return entry.changes.reduce((sum, change) => sum + change.before.length * 2, 0);
}

function copyBox(mask: Bitmask, box: PixelBox): Uint8Array {
  const boxWidth = box.right - box.left + 1;
  const copy = new Uint8Array(boxWidth * (box.bottom - box.top + 1));
  for (let y = box.top; y <= box.bottom; y++) {
    const start = y * mask.width + box.left;
    copy.set(mask.data.subarray(start, start + boxWidth), (y - box.top) * boxWidth);
  }
  return copy;
}

function pasteBox(mask: Bitmask, box: PixelBox, bytes: Uint8Array): void {
  const boxWidth = box.right - box.left + 1;
  for (let y = box.top; y <= box.bottom; y++) {
    mask.data.set(
      bytes.subarray((y - box.top) * boxWidth, (y - box.top + 1) * boxWidth),
      y * mask.width + box.left,
    );
  }
}
