/**
 * "Make an embed code" (issue 24): the embed page's link for the running scenario and view, and
 * the `<iframe>` a teacher pastes into a course page. Pure.
 */
import { buildUrl, type ViewState } from '../../state/url-codec';
import { chartsOfPanels, PANEL_IDS, type PanelId } from '../../state/page-view';

export interface EmbedCodeInput {
  /** The lab page's address (`location.href`): the embed page is `embed.html` beside it. */
  readonly labHref: string;
  /** The running scenario's canonical text. */
  readonly scenarioText: string;
  /** The lab's view (exercise, step, preset, theme, notes… are kept; compare and sweep are not). */
  readonly view: ViewState;
  readonly panels: readonly PanelId[];
  /** The course page's origin, to receive an activity's reports; null: no reports. */
  readonly courseOrigin: string | null;
  readonly width: number;
  readonly height: number;
}

/** The embed page's absolute address for the input. */
export function embedUrl(input: EmbedCodeInput): string {
  const page = new URL('embed.html', input.labHref);
  const panels = PANEL_IDS.filter((p) => input.panels.includes(p));
  const { compare: _c, sweep: _s, ...rest } = input.view;
  void _c;
  void _s;
  const view: ViewState = {
    ...rest,
    panels,
    present: false,
    origin: input.courseOrigin,
    // The embed page opens the charts it shows (and the link then need not name them).
    charts: chartsOfPanels(panels),
  };
  return `${page.origin}${buildUrl(page.pathname, input.scenarioText, view)}`;
}

/** Text for an HTML attribute in double quotes. */
function attr(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The `<iframe>` snippet. */
export function embedCode(input: EmbedCodeInput): string {
  return (
    `<iframe src="${attr(embedUrl(input))}" title="Wireless TCP Lab" ` +
    `width="${Math.round(input.width)}" height="${Math.round(input.height)}" ` +
    `style="border: 1px solid #ccc; max-width: 100%;" loading="lazy"></iframe>`
  );
}

/**
 * Why the course page could not frame this lab, or null: a page on https can frame only an https
 * page (mixed content), so an http lab works only in an http course page on this machine.
 */
export function hostingProblem(labHref: string, courseOrigin: string | null): string | null {
  const lab = new URL(labHref);
  if (courseOrigin?.startsWith('https:') && lab.protocol !== 'https:')
    return `The lab is served over ${lab.protocol.replace(':', '')}: a course page on https can frame only an https lab. Host the lab on https (README “For teachers”).`;
  return null;
}
