import { getPath } from '../../engine/analysis';
import { bitRate, num, seconds, sig } from '../format';
import type { FigureFormat, FigureWriter, TakeawayFigure } from './types';

/** "50.0" → "50", "5.10" → "5.1": significant digits without the zeros that end a fraction. */
function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** The text of a figure in its format: what a sentence prints and the test reads back. */
export function figureText(value: number, format: FigureFormat): string {
  switch (format) {
    case 'percent':
      return `${num(value * 100)}\u202f%`;
    case 'seconds':
      return seconds(value);
    case 'count':
      return num(value);
    case 'bitRate':
      return bitRate(value);
    case 'decimal':
      return trimZeros(sig(value, 3));
  }
}

/** A writer over one summary; `used` lists the figures printed so far, in order. */
export function figureWriter(
  summary: unknown,
): FigureWriter & { readonly used: TakeawayFigure[]; readonly reads: Set<string> } {
  const used: TakeawayFigure[] = [];
  /** Every path the rule read, printed or only weighed: an exercise hiding one hides the sentence. */
  const reads = new Set<string>();
  const write = (path: string, format: FigureFormat): string => {
    reads.add(path);
    const value = getPath(summary, path);
    const text = figureText(value, format);
    used.push({ path, value, format, text });
    return text;
  };
  return {
    used,
    reads,
    value: (path) => {
      reads.add(path);
      return getPath(summary, path);
    },
    percent: (path) => write(path, 'percent'),
    seconds: (path) => write(path, 'seconds'),
    count: (path) => write(path, 'count'),
    bitRate: (path) => write(path, 'bitRate'),
    decimal: (path) => write(path, 'decimal'),
  };
}
