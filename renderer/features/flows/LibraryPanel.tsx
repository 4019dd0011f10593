// The flow library (<data dir>/flows, through flows.*): search, open into the document, rename, duplicate,
// delete, export; import a file; save the document (to the file it came from, or as a new one). A file that
// does not parse is listed with its error and left as it is. Opening a flow over unsaved work (a library flow
// edited since it was saved, or steps never saved to the library) asks first: save it, open anyway, or cancel.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import type { FlowEntry } from '../../../shared/ipc';
import { useStore } from '../../app/store';
import { useFrameStore } from '../../app/use-frame-store';
import { stepsJson, unsavedWork } from './flow-doc';
import {
  deleteFlow,
  duplicateFlow,
  exportFlow,
  importFlow,
  openFlow,
  refreshLibrary,
  renameFlow,
  saveFlow,
} from './library-actions';

function FlowRow({ entry, current, onOpen }: { entry: FlowEntry; current: boolean; onOpen(id: string): void }) {
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(entry.name ?? '');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setRenaming(false);
    if (name.trim() && name !== entry.name) void renameFlow(entry.id, name.trim());
  };
  return (
    <li
      className={`flow-row${current ? ' selected' : ''}${entry.error ? ' invalid' : ''}`}
      data-testid="flow-row"
      data-flow-id={entry.id}
    >
      {renaming ? (
        <form onSubmit={submit} className="flow-rename">
          <input
            className="input"
            data-testid="flow-rename-input"
            autoFocus
            value={name}
            onChange={(e) => setName(e.target.value)}
            onBlur={submit}
            aria-label="New flow name"
          />
        </form>
      ) : (
        <div className="flow-line">
          <b className="flow-name">{entry.name ?? entry.id}</b>
          <span className="dim mono">{entry.steps === null ? '' : `${entry.steps} steps`}</span>
        </div>
      )}
      <div className="dim mono flow-meta">
        {entry.id} · {entry.tools.join(', ')}
      </div>
      {entry.error && (
        <div className="step-issue" data-testid="flow-error">
          {entry.error.code} at {entry.error.path || '/'}: {entry.error.message}
        </div>
      )}
      <div className="flow-actions">
        <button
          className="btn btn-small"
          data-testid="flow-open"
          disabled={entry.error !== null}
          onClick={() => onOpen(entry.id)}
        >
          Open
        </button>
        <button
          className="btn btn-small"
          data-testid="flow-rename"
          disabled={entry.error !== null}
          onClick={() => setRenaming(true)}
        >
          Rename
        </button>
        <button
          className="btn btn-small"
          data-testid="flow-duplicate"
          disabled={entry.error !== null}
          onClick={() => void duplicateFlow(entry.id)}
        >
          Dup
        </button>
        <button
          className="btn btn-small"
          data-testid="flow-export"
          disabled={entry.error !== null}
          onClick={() => void exportFlow(entry.id)}
        >
          Export
        </button>
        <button
          className="btn btn-small"
          data-testid="flow-delete"
          onClick={() => {
            if (window.confirm(`Delete ${entry.id}?`)) void deleteFlow(entry.id);
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

export function SaveFlow() {
  const meta = useStore((s) => s.flowMeta);
  const steps = useFrameStore((s) => s.document.steps);
  const [name, setName] = useState(meta.name);
  useEffect(() => setName(meta.name), [meta.name]);
  const dirty = meta.saved !== stepsJson(steps);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void saveFlow(name);
  };
  return (
    <form className="save-flow" onSubmit={submit}>
      <input
        className="input"
        data-testid="flow-name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        aria-label="Flow name"
      />
      <button
        className="btn btn-small"
        type="submit"
        data-testid="flow-save"
        disabled={steps.length === 0}
        title={meta.id ? `Save to ${meta.id}` : 'Save as a new flow in the library'}
      >
        Save{dirty && steps.length > 0 ? ' •' : ''}
      </button>
      {meta.id && (
        <button
          className="btn btn-small"
          type="button"
          data-testid="flow-save-as"
          disabled={steps.length === 0}
          onClick={() => void saveFlow(name, true)}
          title="Save as a new flow"
        >
          Save as
        </button>
      )}
    </form>
  );
}

/** Asks before a flow replaces unsaved work. */
function UnsavedPrompt({ id, what, done }: { id: string; what: string; done(): void }) {
  const meta = useStore((s) => s.flowMeta);
  return (
    <div className="flow-unsaved" role="alertdialog" aria-label="Unsaved flow" data-testid="flow-unsaved">
      <div>
        {what}. Opening {id} replaces the document.
      </div>
      <div className="flow-actions">
        <button
          className="btn btn-small"
          data-testid="flow-unsaved-save"
          onClick={() =>
            void saveFlow(meta.name)
              .then((saved) => (saved ? openFlow(id) : undefined))
              .finally(done)
          }
        >
          Save, then open
        </button>
        <button
          className="btn btn-small"
          data-testid="flow-unsaved-discard"
          onClick={() => void openFlow(id).finally(done)}
        >
          Open without saving
        </button>
        <button className="btn btn-small" data-testid="flow-unsaved-cancel" onClick={done}>
          Cancel
        </button>
      </div>
    </div>
  );
}

export function LibraryPanel() {
  const [asking, setAsking] = useState<{ id: string; what: string } | null>(null);
  const open = (id: string) => {
    const s = useStore.getState();
    const what = unsavedWork(s.flowMeta, s.document.steps);
    if (what) setAsking({ id, what });
    else void openFlow(id);
  };
  const flows = useStore((s) => s.library);
  const dir = useStore((s) => s.libraryDir);
  const current = useStore((s) => s.flowMeta.id);
  const message = useStore((s) => s.flowsMessage);
  const [query, setQuery] = useState('');
  const file = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const t = window.setTimeout(() => void refreshLibrary(query), 150);
    return () => window.clearTimeout(t);
  }, [query]);
  const onFile = async () => {
    const f = file.current?.files?.[0];
    if (f) await importFlow(await f.text());
    if (file.current) file.current.value = '';
  };
  return (
    <section className="panel library-panel" data-testid="library-panel">
      <SaveFlow />
      <div className="library-tools">
        <input
          className="input"
          data-testid="flows-search"
          placeholder="Search flows…"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-label="Search flows"
        />
        <button
          className="btn btn-small"
          data-testid="flows-refresh"
          onClick={() => void refreshLibrary(query)}
          title={dir ?? ''}
        >
          ↻
        </button>
        <button className="btn btn-small" data-testid="flow-import" onClick={() => file.current?.click()}>
          Import
        </button>
        <input
          ref={file}
          type="file"
          accept=".json,application/json"
          data-testid="flow-import-file"
          hidden
          onChange={() => void onFile()}
        />
      </div>
      {message && (
        <div className={message.kind === 'error' ? 'error-line' : 'dim steps-note'} data-testid="flows-message">
          {message.text}
        </div>
      )}
      {asking && <UnsavedPrompt id={asking.id} what={asking.what} done={() => setAsking(null)} />}
      <ul className="flow-list">
        {flows.map((f) => (
          <FlowRow
            key={`${f.id}:${f.modified_at}:${f.name ?? ''}`}
            entry={f}
            current={f.id === current}
            onOpen={open}
          />
        ))}
        {flows.length === 0 && (
          <li className="empty">No flows{query ? ` matching “${query}”` : ''}. Record a flow and save it.</li>
        )}
      </ul>
    </section>
  );
}
