import { JSDOM } from 'jsdom';

// Where a task's mail is made trackable (docs/decisions.md "E-mail tracking"): once per task, when its
// content is stored, every literal http(s) link of the HTML becomes a send-time tag {{__heraldLink<i>}}
// and an open pixel {{__heraldOpen}} closes the body; each recipient's mail fills them with its own
// signed /t/c/ and /t/o/ URLs. A link with a merge tag in it (its address differs per recipient) and
// the unsubscribe link stay as they are. The HTML was sanitised by DOMPurify on jsdom, so jsdom's
// serialisation keeps it as it was.

export const TRACK_OPEN_TAG = '__heraldOpen';
export const trackLinkTag = (index: number) => `__heraldLink${index}`;

const TRACKABLE = /^https?:\/\/[^\s{}]+$/i;

export interface TrackableHtml {
  html: string;
  /** The tracked links, by index: where a click redirect goes. */
  links: string[];
}

export function trackableHtml(html: string): TrackableHtml {
  const dom = new JSDOM(html);
  const { document } = dom.window;
  const links: string[] = [];
  for (const anchor of document.querySelectorAll('a[href]')) {
    const href = (anchor.getAttribute('href') ?? '').trim();
    if (!TRACKABLE.test(href)) continue;
    let index = links.indexOf(href);
    if (index < 0) index = links.push(href) - 1;
    anchor.setAttribute('href', `{{${trackLinkTag(index)}}}`);
  }
  const pixel = document.createElement('img');
  for (const [name, value] of Object.entries({
    src: `{{${TRACK_OPEN_TAG}}}`,
    width: '1',
    height: '1',
    alt: '',
    style: 'display:block;border:0;width:1px;height:1px',
  }))
    pixel.setAttribute(name, value);
  document.body.appendChild(pixel);
  return { html: dom.serialize(), links };
}

/** The send-time values of one recipient's tracking tags. */
export function trackingValues(openUrl: string, linkUrls: readonly string[]): Record<string, string> {
  return Object.fromEntries([[TRACK_OPEN_TAG, openUrl], ...linkUrls.map((url, i) => [trackLinkTag(i), url] as const)]);
}
