// The device's logcat, live: level / tag / package / text filters, pause, clear (the view) and export (the
// shown lines in Android's threadtime format, as a .txt download). Reads go through the `logcat.read`
// contract channel; nothing here touches the device directly.
import { useEffect, useRef } from 'react';
import { LOG_LEVEL_ORDER, type LogLevel } from '../../../shared/verify/logcat';
import { threadtimeLine } from '../../../shared/verify/logcat-view';
import { useStore } from '../../app/store';
import { matches } from './logcat-filter';
import { pollLogcat, POLL_MS, useLogcat } from './logcat-store';
import './logcat.css';

function exportLines(lines: string[], serial: string): void {
  const blob = new Blob([lines.join('\n') + '\n'], { type: 'text/plain' });
  const a = document.createElement('a');
  a.href = URL.createObjectURL(blob);
  a.download = `logcat-${serial.replace(/[^A-Za-z0-9._-]/g, '_')}-${new Date().toISOString().replace(/[:.]/g, '-')}.txt`;
  a.click();
  URL.revokeObjectURL(a.href);
}

export function LogcatPanel() {
  const serial = useStore((s) => s.selectedSerial);
  const { entries, paused, filter, error, setFilter, setPaused, clear } = useLogcat();
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!serial) return;
    let stopped = false;
    const tick = async () => {
      await pollLogcat(serial);
      if (!stopped) timer = setTimeout(() => void tick(), POLL_MS);
    };
    let timer = setTimeout(() => void tick(), 0);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [serial]);
  const shown = entries.filter((e) => matches(e, filter));
  // Follow the newest line unless the user scrolled up to read.
  useEffect(() => {
    const el = list.current;
    if (el && el.scrollHeight - el.scrollTop - el.clientHeight < 80) el.scrollTop = el.scrollHeight;
  }, [shown.length]);
  return (
    <section className="panel logcat-panel" data-testid="logcat" data-paused={paused} data-count={shown.length}>
      <header className="panel-title">
        Logcat{' '}
        <span className="count" data-testid="logcat-count">
          {shown.length}
        </span>
        {shown.length !== entries.length && <span className="dim">of {entries.length}</span>}
        <span className="spacer" />
        <button
          type="button"
          className="btn btn-small"
          data-testid="logcat-pause"
          aria-pressed={paused}
          onClick={() => setPaused(!paused)}
        >
          {paused ? 'Resume' : 'Pause'}
        </button>
        <button type="button" className="btn btn-small" data-testid="logcat-clear" onClick={clear}>
          Clear
        </button>
        <button
          type="button"
          className="btn btn-small"
          data-testid="logcat-export"
          disabled={!serial || shown.length === 0}
          onClick={() => serial && exportLines(shown.map(threadtimeLine), serial)}
        >
          Export
        </button>
      </header>
      <div className="logcat-filters">
        <select
          data-testid="logcat-level"
          value={filter.level}
          onChange={(e) => setFilter({ level: e.target.value as LogLevel })}
          title="lowest level shown"
        >
          {LOG_LEVEL_ORDER.map((l) => (
            <option key={l} value={l}>
              {l}
            </option>
          ))}
        </select>
        <input
          data-testid="logcat-tag"
          placeholder="tag"
          value={filter.tag}
          onChange={(e) => setFilter({ tag: e.target.value })}
        />
        <input
          data-testid="logcat-package"
          placeholder="package"
          value={filter.pkg}
          onChange={(e) => setFilter({ pkg: e.target.value })}
        />
        <input
          data-testid="logcat-text"
          placeholder="text"
          value={filter.text}
          onChange={(e) => setFilter({ text: e.target.value })}
        />
      </div>
      {error && (
        <div className="logcat-error" data-testid="logcat-error">
          {error}
        </div>
      )}
      <ol className="logcat-lines mono" ref={list}>
        {shown.map((e) => (
          <li
            key={`${e.time_ms}-${e.pid}-${e.tid}-${e.tag}-${e.message}`}
            className={`logcat-line level-${e.level}`}
            data-testid="logcat-line"
            data-level={e.level}
            data-tag={e.tag}
            data-package={e.package ?? ''}
          >
            <span className="dim">{new Date(e.time_ms).toISOString().slice(11, 23)}</span>
            <span className="logcat-pid">{e.pid}</span>
            <span className="logcat-level">{e.level}</span>
            <span className="logcat-tag">{e.tag}</span>
            <span className="logcat-msg">{e.message}</span>
          </li>
        ))}
        {!serial && <li className="empty">Select a device to read its log.</li>}
        {serial && shown.length === 0 && (
          <li className="empty">{entries.length === 0 ? 'No lines yet.' : 'No line matches the filters.'}</li>
        )}
      </ol>
    </section>
  );
}
