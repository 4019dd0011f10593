// The file browser: /sdcard and /data/local/tmp on the device; drop files (several at once) to push them
// into the folder shown, drag a file row out or use Pull to save it; each transfer has progress and Cancel.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { FileEntry } from '../../../shared/ipc';
import { FILE_ROOTS } from '../../../shared/ipc';
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { pullFile, pushFile } from './transfer';
import { TransferList } from './TransferList';

const size = (n: number) =>
  n < 1024 ? `${n} B` : n < 1024 ** 2 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1024 ** 2).toFixed(1)} MB`;

export function FilesTab() {
  const serial = useStore((s) => s.selectedSerial);
  const [path, setPath] = useState<string>(FILE_ROOTS[0]);
  const [entries, setEntries] = useState<FileEntry[]>([]);
  const [status, setStatus] = useState<string | null>(null);
  const load = useCallback(
    async (p: string) => {
      if (!serial) return;
      try {
        setEntries((await api().request('files.list', { serial, path: p })).entries);
        setPath(p);
        setStatus(null);
      } catch (error) {
        setStatus(errorText(error));
      }
    },
    [serial],
  );
  // Reload when the device changes (load changes with it); the folder shown stays.
  const shown = useRef(path);
  shown.current = path;
  useEffect(() => void load(shown.current), [load]);
  const push = async (files: File[]) => {
    if (!serial) return;
    // Several files at once, each with its own progress and cancel.
    await Promise.all(files.map((f) => pushFile(serial, f, 'file', path)));
    await load(path);
  };
  const root = FILE_ROOTS.find((r) => path === r || path.startsWith(`${r}/`)) ?? FILE_ROOTS[0];
  const up = path === root ? null : path.slice(0, path.lastIndexOf('/')) || root;
  return (
    <div
      className="operator-tab files-tab"
      data-testid="files-drop"
      onDragOver={(e) => e.preventDefault()}
      onDrop={(e) => {
        e.preventDefault();
        void push([...e.dataTransfer.files]);
      }}
    >
      <div className="button-row">
        <select
          className="input"
          data-testid="files-root"
          value={root}
          onChange={(e) => void load(e.target.value)}
          disabled={!serial}
        >
          {FILE_ROOTS.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <button
          className="btn btn-small"
          data-testid="files-up"
          disabled={up === null}
          onClick={() => up && void load(up)}
        >
          Up
        </button>
        <button
          className="btn btn-small"
          data-testid="files-refresh"
          disabled={!serial}
          onClick={() => void load(path)}
        >
          Refresh
        </button>
        <label className="btn btn-small">
          Push…
          <input
            type="file"
            multiple
            hidden
            data-testid="files-push-input"
            disabled={!serial}
            onChange={(e) => {
              if (e.target.files) void push([...e.target.files]);
              e.target.value = '';
            }}
          />
        </label>
      </div>
      <div className="files-path mono" data-testid="files-path">
        {path}
      </div>
      <TransferList direction="files" />
      {status && (
        <div className="operator-status" role="status">
          {status}
        </div>
      )}
      <ul className="file-list" data-testid="files-list">
        {entries.map((e) => (
          <li
            key={e.name}
            className="file-row"
            data-testid="file-row"
            data-name={e.name}
            draggable={e.type === 'file'}
            onDragEnd={() => e.type === 'file' && serial && void pullFile(serial, `${path}/${e.name}`)}
            onDoubleClick={() => e.type === 'directory' && void load(`${path}/${e.name}`)}
          >
            <span className="file-name mono">
              {e.type === 'directory' ? '▸ ' : ''}
              {e.name}
            </span>
            <span className="file-size">{e.type === 'file' ? size(e.size) : ''}</span>
            {e.type === 'file' && (
              <button
                className="btn btn-small"
                data-testid="file-pull"
                onClick={() => serial && void pullFile(serial, `${path}/${e.name}`)}
              >
                Pull
              </button>
            )}
            {e.type === 'directory' && (
              <button className="btn btn-small" data-testid="file-open" onClick={() => void load(`${path}/${e.name}`)}>
                Open
              </button>
            )}
          </li>
        ))}
        {entries.length === 0 && <li className="empty">Empty folder. Drop files here to push them.</li>}
      </ul>
    </div>
  );
}
