/** Escape what may not stand in a fragment item's value (`&`, `=`, `#`, `%`, blanks, non-ASCII…). */
export function encodeItemValue(text: string): string {
  return text.replace(/[^A-Za-z0-9\-._~,;:@*+!$'()/|?]/gu, (c) => {
    try {
      return encodeURIComponent(c);
    } catch {
      return '%EF%BF%BD'; // a lone surrogate: U+FFFD
    }
  });
}
