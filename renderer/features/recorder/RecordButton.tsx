// Record (shortcut R): while on, every call sent from any tool is appended to the document as recorded
// (session.ts).
import { useEffect } from 'react';
import { plainShortcut } from '../../app/shortcuts';
import { useStore } from '../../app/store';
import { switchRecording } from './session';
import './recorder.css';

export function useRecordKey(): void {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.repeat || plainShortcut(e) !== 'r') return;
      e.preventDefault();
      switchRecording(!useStore.getState().recording);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

export function RecordButton() {
  const recording = useStore((s) => s.recording);
  return (
    <button
      className={`btn record-btn${recording ? ' on' : ''}`}
      data-testid="record"
      aria-pressed={recording}
      onClick={() => switchRecording(!recording)}
      title={
        recording
          ? 'Stop recording (R)'
          : 'Record: every action sent is added to the document, with waits between them (R)'
      }
    >
      <span className="record-dot" />
      {recording ? 'Recording' : 'Record'}
    </button>
  );
}
