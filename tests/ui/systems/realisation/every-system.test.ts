import { readdirSync } from 'node:fs';
import { expect, it } from 'vitest';
import { LAB_PLUGINS } from '../../../../src/ui/systems';

// Every system with a lab plug-in has its realisation file here (realisation-cases.ts).
it('every lab plug-in has its realisation test file', () => {
  const files = readdirSync(new URL('.', import.meta.url)).filter((f) => f.endsWith('.test.ts'));
  for (const p of LAB_PLUGINS) expect(files, p.id).toContain(`${p.id}.test.ts`);
});
