import { describe, expect, it } from 'vitest';
import { carriesFiles, judgeDrop } from '../../src/block/drop';

const file = (name: string) => new File(['0,Read,0,4096\n'], name, { type: 'text/csv' });

describe('judgeDrop', () => {
  it('takes a single file as the chooser would', () => {
    const f = file('a.csv');
    expect(judgeDrop({ files: [f], types: ['Files'] })).toEqual({ kind: 'file', file: f });
  });
  it('refuses several files and says how many', () => {
    const out = judgeDrop({ files: [file('a.csv'), file('b.csv')], types: ['Files'] });
    expect(out).toEqual({ kind: 'refused', message: '2 files were dropped: drop one trace file at a time' });
  });
  it('refuses text or a link and names what was dropped', () => {
    const out = judgeDrop({ files: [], types: ['text/plain', 'text/uri-list'] });
    expect(out.kind).toBe('refused');
    expect(out.kind === 'refused' && out.message).toContain('no file (text/plain, text/uri-list)');
  });
  it('refuses an empty drop', () => {
    expect(judgeDrop({ files: [], types: [] })).toEqual({ kind: 'refused', message: 'The drop held no file: drop a trace file from your files, or use the chooser' });
  });
});

describe('carriesFiles', () => {
  it('is true only for a drag of files', () => {
    expect(carriesFiles(['Files'])).toBe(true);
    expect(carriesFiles(['text/plain'])).toBe(false);
  });
});
