/**
 * Where a chart's legend items go: left to right, wrapping onto a new row (15 px down) rather than
 * running off the svg. Text width is estimated at ≈ 6.5 px per character at 12 px.
 */
export function legendPositions(
  labels: readonly string[],
  /** Room for a row, px. */
  avail: number,
): { pos: [number, number][]; rows: number } {
  let x = 0;
  let row = 0;
  const pos: [number, number][] = [];
  for (const label of labels) {
    const iw = 26 + Math.ceil(label.length * 6.5) + 14;
    if (x > 0 && x + iw - 14 > avail) {
      x = 0;
      row++;
    }
    pos.push([x, row * 15]);
    x += iw;
  }
  return { pos, rows: labels.length > 0 ? row + 1 : 0 };
}
