// What a drop on the trace area carries, as the chooser would see it: exactly
// one file, or a message saying why the drop is refused (several files, or
// text and links rather than a file). Pure, so it is tested without a browser.

/** The parts of a DataTransfer a drop is judged by. */
export interface DropData {
  files: ArrayLike<File>;
  types: readonly string[];
}

export type DropOutcome = { kind: 'file'; file: File } | { kind: 'refused'; message: string };

/** True while a drag carries files (text or links being dragged are not highlighted). */
export function carriesFiles(types: readonly string[]): boolean {
  return types.includes('Files');
}

export function judgeDrop(d: DropData): DropOutcome {
  if (d.files.length === 1) return { kind: 'file', file: d.files[0] };
  if (d.files.length > 1) {
    return { kind: 'refused', message: `${d.files.length} files were dropped: drop one trace file at a time` };
  }
  const what = d.types.length > 0 ? `no file (${d.types.join(', ')})` : 'no file';
  return { kind: 'refused', message: `The drop held ${what}: drop a trace file from your files, or use the chooser` };
}
