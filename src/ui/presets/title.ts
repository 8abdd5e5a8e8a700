import type { Preset } from './types';

/**
 * A preset's title as people read it (issue 20 item 28): the study's figure or table first when
 * the title does not name it already ("Figure 4: …"), never a spec tag — those live in `spec`.
 */
export function presetTitle(p: Preset): string {
  const named = /\b(Figures?|Tables?)\b/.test(p.title);
  return p.figure && !named ? `${p.figure}: ${p.title}` : p.title;
}
