/**
 * The small, safe Markdown of an activity's texts (issue 23 item 1): paragraphs (a blank line
 * between), bulleted (`- `, `* `) and numbered (`1. `) lists, **bold**, *italic* or _italic_,
 * `code`, and links to web pages or mail addresses, [the paper](https://…). Nothing else: no raw
 * HTML (a `<` is a `<`), no images, no headings, and a link whose address is not `https:`, `http:`
 * or `mailto:` (`javascript:`, `data:`, a relative or protocol-relative address) is its text alone.
 * The result is a tree the page renders with React (Markdown.tsx), which escapes every text and
 * attribute, so a text cannot inject markup whatever it holds. Pure.
 */

export type Inline =
  | { readonly t: 'text'; readonly v: string }
  | { readonly t: 'code'; readonly v: string }
  | { readonly t: 'strong' | 'em'; readonly c: readonly Inline[] }
  | { readonly t: 'link'; readonly href: string; readonly c: readonly Inline[] };

export type Block =
  | { readonly t: 'p'; readonly c: readonly Inline[] }
  | { readonly t: 'ul' | 'ol'; readonly items: readonly (readonly Inline[])[] };

/** The addresses a link may have: a web page or a mail address, written in full. */
const SAFE_HREF = /^(https?:\/\/[^\s/?#]+|mailto:[^\s]+@)/i;
const BULLET = /^\s{0,3}[-*]\s+/;
const NUMBER = /^\s{0,3}\d{1,3}[.)]\s+/;
const WORD = /[\p{L}\p{N}]/u;

/** Whether a link's address may be followed; anything else keeps only the link's text. */
export function safeHref(href: string): boolean {
  return SAFE_HREF.test(href) && !/[\s<>"'`]/.test(href);
}

/** Where the `*` or `_` run at `i` closes an emphasis, or -1 (CommonMark's flanking rules, simplified). */
function closing(text: string, i: number, mark: string): number {
  const after = text[i + mark.length];
  if (after === undefined || /\s/.test(after)) return -1;
  // An underscore inside a word is a letter (f_dT, snake_case), not emphasis.
  if (mark[0] === '_' && i > 0 && WORD.test(text[i - 1])) return -1;
  for (let j = i + mark.length + 1; j <= text.length - mark.length; j++) {
    if (text[j - 1] === '\\') continue;
    if (text.startsWith(mark, j) && !/\s/.test(text[j - 1])) {
      if (mark[0] === '_' && WORD.test(text[j + mark.length] ?? '')) continue;
      if (mark.length === 1 && text[j + 1] === mark) {
        j++; // part of a longer run (`**`): not this emphasis's end
        continue;
      }
      return j;
    }
  }
  return -1;
}

/** The inline elements of one paragraph's or list item's text. */
export function parseInline(text: string, depth = 0): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain !== '') out.push({ t: 'text', v: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (ch === '\\' && i + 1 < text.length && /[\\`*_[\]()#+\-.!]/.test(text[i + 1])) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (ch === '`') {
      const end = text.indexOf('`', i + 1);
      if (end > i + 1) {
        flush();
        out.push({ t: 'code', v: text.slice(i + 1, end) });
        i = end + 1;
        continue;
      }
    }
    if ((ch === '*' || ch === '_') && depth < 4) {
      const mark = text[i + 1] === ch ? ch + ch : ch;
      const end = closing(text, i, mark);
      if (end > 0) {
        flush();
        const inner = parseInline(text.slice(i + mark.length, end), depth + 1);
        out.push({ t: mark.length === 2 ? 'strong' : 'em', c: inner });
        i = end + mark.length;
        continue;
      }
    }
    if (ch === '[' && depth < 4) {
      const close = text.indexOf('](', i + 1);
      const end = close < 0 ? -1 : text.indexOf(')', close + 2);
      if (close > i && end > close) {
        flush();
        const href = text.slice(close + 2, end).trim();
        const inner = parseInline(text.slice(i + 1, close), depth + 1);
        if (safeHref(href)) out.push({ t: 'link', href, c: inner });
        else out.push(...inner);
        i = end + 1;
        continue;
      }
    }
    plain += ch;
    i++;
  }
  flush();
  return out;
}

/** The blocks of a text: paragraphs and lists. */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let list: { t: 'ul' | 'ol'; items: string[] } | null = null;
  const end = () => {
    if (para.length > 0) blocks.push({ t: 'p', c: parseInline(para.join(' ')) });
    if (list) blocks.push({ t: list.t, items: list.items.map((s) => parseInline(s)) });
    para = [];
    list = null;
  };
  for (const raw of lines) {
    const line = raw.trim();
    if (line === '') {
      end();
      continue;
    }
    const bullet = BULLET.exec(raw);
    const number = bullet ? null : NUMBER.exec(raw);
    const kind = bullet ? 'ul' : number ? 'ol' : null;
    if (kind) {
      if (para.length > 0 || (list && list.t !== kind)) end();
      list ??= { t: kind, items: [] };
      list.items.push(raw.slice((bullet ?? number)![0].length).trim());
    } else if (list) {
      // A line under an item goes on with it.
      list.items[list.items.length - 1] += ` ${line}`;
    } else para.push(line);
  }
  end();
  return blocks;
}

/** The text of inline elements without their marks (for a title attribute or plain export). */
export function plainText(text: string): string {
  const walk = (xs: readonly Inline[]): string =>
    xs.map((x) => (x.t === 'text' || x.t === 'code' ? x.v : walk(x.c))).join('');
  return parseMarkdown(text)
    .map((b) => (b.t === 'p' ? walk(b.c) : b.items.map((i) => `- ${walk(i)}`).join('\n')))
    .join('\n\n');
}
