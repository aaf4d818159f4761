// The visible side of persistence: the message bar (what was restored, what
// was wrong with a link, file or autosave), the preset marker with Reset, and
// the Copy link control.
import { useEffect, useRef, useState } from 'react';
import './persistence.css';
import type { PresetInfo } from '../engine/types';
import { presetLink } from './link';
import type { Notice, Persistence } from './usePersistence';

export function NoticeBar({ notice, onDismiss }: { notice: Notice | null; onDismiss: () => void }) {
  const action = useRef<HTMLButtonElement>(null);
  // An Undo offered right after the click that replaced the plan: Enter (or Space) takes it, wherever that click was.
  useEffect(() => {
    if (notice?.focusAction) action.current?.focus();
  }, [notice]);
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.tone}`} role={notice.tone === 'error' ? 'alert' : 'status'} data-testid="notice" data-tone={notice.tone}>
      <p>{notice.text}</p>
      {notice.errors && notice.errors.length > 0 ? (
        <ul data-testid="notice-errors">
          {notice.errors.map((e, i) => (
            <li key={i}>
              <code>{e.path}</code>: {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {notice.after ? <p className="notice-after">{notice.after}</p> : null}
      {notice.action ? (
        <button ref={action} type="button" className="notice-action" data-testid="notice-action" onClick={notice.action.run}>
          {notice.action.label}
        </button>
      ) : null}
      <button type="button" className="notice-dismiss" data-testid="notice-dismiss" onClick={onDismiss} aria-label="Dismiss this message">
        Dismiss
      </button>
    </div>
  );
}

/** Which preset the scenario came from, whether it has been changed, and Reset. */
export function PresetStatus({ persistence, presets }: { persistence: Persistence; presets: PresetInfo[] }) {
  const { origin, modified, reset, loadingPreset } = persistence;
  const loading = loadingPreset ? (
    <span className="muted" role="status" data-testid="preset-loading">
      Loading preset {loadingPreset}…
    </span>
  ) : null;
  if (!origin) {
    return (
      <p className="preset-status muted" data-testid="preset-status" data-preset="" data-loading={loadingPreset ? 'true' : 'false'}>
        Your own scenario (not from a preset). {loading}
      </p>
    );
  }
  const title = origin.title ?? presets.find((p) => p.id === origin.id)?.title ?? origin.id;
  return (
    <div
      className="preset-status"
      data-testid="preset-status"
      data-preset={origin.id}
      data-modified={modified ? 'true' : 'false'}
      data-loading={loadingPreset ? 'true' : 'false'}
    >
      <span>
        From preset <strong>{title}</strong>{' '}
        {modified ? (
          <span className="badge badge-modified" data-testid="preset-modified" title="The scenario differs from the preset">
            modified
          </span>
        ) : (
          <span className="badge" data-testid="preset-unmodified">
            as published
          </span>
        )}{' '}
        {loading}
      </span>
      <span className="preset-actions">
        <button type="button" data-testid="preset-reset" disabled={!modified} onClick={reset}>
          Reset to preset
        </button>
        <a href={presetLink(origin.id)} data-testid="preset-link" title="A short link that opens this preset by name">
          {presetLink(origin.id)}
        </a>
      </span>
    </div>
  );
}

type CopyState = { url: string; copied: boolean | null } | null;

/** Copy the current scenario's link; the field always shows it, for browsers that refuse the clipboard. */
export function CopyLink({ persistence }: { persistence: Persistence }) {
  const [state, setState] = useState<CopyState>(null);
  function copy() {
    const url = persistence.linkUrl();
    setState({ url, copied: null });
    const clip = typeof navigator !== 'undefined' ? navigator.clipboard : undefined;
    if (!clip) {
      setState({ url, copied: false });
      return;
    }
    clip.writeText(url).then(
      () => setState({ url, copied: true }),
      () => setState({ url, copied: false }),
    );
  }
  return (
    <div className="copy-link">
      <button type="button" data-testid="share-link" onClick={copy}>
        Copy link
      </button>
      {state ? (
        <div className="field">
          <label htmlFor="share-url">
            {state.copied === true
              ? `Copied to the clipboard (${state.url.length} characters):`
              : state.copied === false
                ? 'The browser did not allow copying: select the link and copy it:'
                : 'Link:'}
          </label>
          <input id="share-url" type="text" readOnly value={state.url} data-testid="share-url" onFocus={(e) => e.target.select()} />
        </div>
      ) : null}
    </div>
  );
}
