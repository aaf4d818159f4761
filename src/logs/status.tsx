// Small pieces the Logs tab's panels share: what a failure or a cancel
// looks like.
import { readableMessage } from '../shared/labels';

export const isAbort = (e: unknown): boolean =>
  typeof e === 'object' && e !== null && (e as { name?: string }).name === 'AbortError';

export const messageOf = (e: unknown): string => (e instanceof Error ? e.message : String(e));

/** A failure, announced to screen readers. */
export function ErrorLine({ message, testId }: { message: string; testId?: string }) {
  return (
    <p className="field-error" role="alert" data-testid={testId}>
      {readableMessage(message)}
    </p>
  );
}
