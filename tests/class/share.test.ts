// @vitest-environment jsdom
// What a teacher hands out: the student's link, the embed link and its
// <iframe> snippet, and whether phones can open the address at all.
import { describe, expect, it } from 'vitest';
import { embedLink, embedSnippet, studentLink, unreachableFromPhones } from '../../src/class/share';

describe('lesson addresses', () => {
  const app = { origin: 'https://tierplan.example.edu', pathname: '/courses/tierplan/' };
  it('links to the app and to its embed page, from the app or from the embed page, under a sub-path', () => {
    expect(studentLink('skew', app)).toBe('https://tierplan.example.edu/courses/tierplan/#lesson=skew');
    expect(embedLink('skew', app)).toBe('https://tierplan.example.edu/courses/tierplan/embed.html#lesson=skew');
    const embed = { ...app, pathname: '/courses/tierplan/embed.html' };
    expect(studentLink('skew', embed)).toBe(studentLink('skew', app));
    expect(embedLink('skew', embed)).toBe(embedLink('skew', app));
  });

  it('gives an <iframe> of the embed page whose attributes survive any title', () => {
    const s = embedSnippet('v2.0badc0de.abc-_', 'Caching "hot" <videos> & more', app);
    expect(s).toBe(
      '<iframe src="https://tierplan.example.edu/courses/tierplan/embed.html#lesson=v2.0badc0de.abc-_" width="900" height="760" style="max-width:100%;border:1px solid #ccc" title="tierplan lesson: Caching &quot;hot&quot; &lt;videos&gt; &amp; more" allow="clipboard-write"></iframe>',
    );
    // Parsed back as HTML, it is one iframe with the lesson's embed link.
    const box = document.createElement('div');
    box.innerHTML = s;
    const f = box.querySelector('iframe')!;
    expect(box.children).toHaveLength(1);
    expect(f.getAttribute('src')).toBe(embedLink('v2.0badc0de.abc-_', app));
    expect(f.title).toBe('tierplan lesson: Caching "hot" <videos> & more');
  });

  it('warns when phones cannot reach the address, and only then', () => {
    for (const u of ['http://localhost:4173/#lesson=skew', 'http://127.0.0.1:4173/', 'http://127.1.2.3/', 'http://[::1]:5173/', 'http://0.0.0.0:4173/', 'http://app.localhost/', 'file:///home/t/index.html']) {
      expect(unreachableFromPhones(u), u).not.toBeNull();
    }
    for (const u of ['http://192.168.1.20:4173/#lesson=skew', 'https://tierplan.example.edu/', 'http://10.0.0.5/', 'http://teacher-laptop.local:4173/']) {
      expect(unreachableFromPhones(u), u).toBeNull();
    }
    expect(unreachableFromPhones('http://127.0.0.1:4173/')).toContain('127.0.0.1');
  });
});
