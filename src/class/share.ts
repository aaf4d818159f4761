// The addresses a teacher hands out for a lesson: the student's link (to the
// app), the embed page's link and the <iframe> snippet a course page pastes,
// and whether phones in the room can open the address at all.
import { classFragment } from './codec';

/** The folder the app is served from ("/", or "/tierplan/" under a sub-path), from the app or the embed page. */
function appDir(pathname: string): string {
  return pathname.replace(/[^/]*$/, '');
}

/** The student's link: the app itself, opening the lesson alone. */
export function studentLink(ref: string, loc: Pick<Location, 'origin' | 'pathname'> = location, room: string | null = null): string {
  return `${loc.origin}${appDir(loc.pathname)}${classFragment(ref, { room })}`;
}

/** The embed page's link (embed.html, the page course sites may frame). */
export function embedLink(ref: string, loc: Pick<Location, 'origin' | 'pathname'> = location): string {
  return `${loc.origin}${appDir(loc.pathname)}embed.html${classFragment(ref)}`;
}

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * What a course page pastes: an <iframe> of the embed page. clipboard-write
 * lets the student's "Copy code" work inside the frame.
 */
export function embedSnippet(ref: string, title: string, loc: Pick<Location, 'origin' | 'pathname'> = location): string {
  return `<iframe src="${escapeAttr(embedLink(ref, loc))}" width="900" height="760" style="max-width:100%;border:1px solid #ccc" title="${escapeAttr(`tierplan lesson: ${title}`)}" allow="clipboard-write"></iframe>`;
}

/**
 * Why phones cannot open this address, or null when they may: a loopback
 * host (localhost, 127.x.x.x, ::1), 0.0.0.0 or a local file names the
 * teacher's own computer, not one a phone can reach.
 */
export function unreachableFromPhones(url: string): string | null {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'the link is not a web address';
  }
  if (u.protocol === 'file:') return 'the app is opened from a file on this computer';
  const host = u.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost')) return `its host is "${u.hostname}", this computer's own name for itself`;
  if (/^127\.\d+\.\d+\.\d+$/.test(host) || host === '::1' || host === '0.0.0.0') return `its host is ${u.hostname}, an address that means "this computer" on every device`;
  return null;
}
