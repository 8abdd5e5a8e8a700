import type { ReactNode } from 'react';
import { parseMarkdown, type Inline } from '../exercises/markdown';

function inline(xs: readonly Inline[]): ReactNode[] {
  return xs.map((x, i) => {
    switch (x.t) {
      case 'text':
        return x.v;
      case 'code':
        return <code key={i}>{x.v}</code>;
      case 'strong':
        return <strong key={i}>{inline(x.c)}</strong>;
      case 'em':
        return <em key={i}>{inline(x.c)}</em>;
      case 'link':
        return (
          <a key={i} href={x.href} target="_blank" rel="noopener noreferrer">
            {inline(x.c)}
          </a>
        );
    }
  });
}

/**
 * A text of an activity in its small, safe Markdown (ui/exercises/markdown.ts): React elements
 * only — every text and address escaped by React, never set as HTML.
 */
export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = parseMarkdown(text);
  return (
    <div className={className ? `md ${className}` : 'md'}>
      {blocks.map((b, i) =>
        b.t === 'p' ? (
          <p key={i}>{inline(b.c)}</p>
        ) : b.t === 'ul' ? (
          <ul key={i}>
            {b.items.map((it, j) => (
              <li key={j}>{inline(it)}</li>
            ))}
          </ul>
        ) : (
          <ol key={i}>
            {b.items.map((it, j) => (
              <li key={j}>{inline(it)}</li>
            ))}
          </ol>
        ),
      )}
    </div>
  );
}
