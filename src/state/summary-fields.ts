/**
 * A summary as a flat list of fields: each leaf named by its dotted path (`tcp.timeouts`,
 * `link.fieldDbuv.0` — the paths presets, exercises and `getPath` use), in the summary's own key
 * order. Empty lists and objects stay one field (`[]`, `{}`) so that no field of a summary is lost.
 * Used by the A/B summary table and the sweep's CSV.
 */
export function flattenSummary(
  value: unknown,
  prefix = '',
  out = new Map<string, unknown>(),
): Map<string, unknown> {
  if (value !== null && typeof value === 'object') {
    const entries = Array.isArray(value)
      ? value.map((v, i) => [String(i), v] as const)
      : Object.entries(value as Record<string, unknown>);
    if (entries.length === 0 && prefix !== '') out.set(prefix, Array.isArray(value) ? '[]' : '{}');
    for (const [k, v] of entries) flattenSummary(v, prefix ? `${prefix}.${k}` : k, out);
  } else if (prefix !== '') out.set(prefix, value);
  return out;
}
