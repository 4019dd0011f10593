// The left column's lower pane: the document (replay controls above its steps), the flow library, and the
// replay matrix, as tabs so all three fit a 1024×700 window. The document's tab shows its autosave's state. Starting a replay from the library or the
// document leaves the tab as it is; the steps show each device's outcome either way.
import { useState } from 'react';
import { useStore } from '../../app/store';
import { StepsPanel } from '../../document/StepsPanel';
import { ReplayBar } from '../replay/ReplayBar';
import { ReplayMatrix } from '../replay/ReplayMatrix';
import { LibraryPanel } from './LibraryPanel';
import './flows.css';

const TABS = [
  { id: 'document', label: 'Document' },
  { id: 'library', label: 'Library' },
  { id: 'replay', label: 'Replay' },
] as const;

type TabId = (typeof TABS)[number]['id'];

/** The document's autosave as a dot on its tab (seen from every tab): saved (green), waiting or saving (amber), failed (red, the reason in its title). */
function SaveMark() {
  const save = useStore((s) => s.documentSave);
  const text =
    save.state === 'failed'
      ? `not saved: ${save.error ?? ''}`
      : save.state === 'saved'
        ? `saved to the data folder${save.at ? ` at ${new Date(save.at).toLocaleTimeString()}` : ''}`
        : save.state === 'idle'
          ? 'nothing to save yet'
          : 'saving…';
  return (
    <span
      className={`save-mark ${save.state}`}
      data-testid="document-saved"
      data-state={save.state}
      title={text}
      aria-label={text}
    >
      ●
    </span>
  );
}

export function FlowTabs() {
  const [tab, setTab] = useState<TabId>('document');
  return (
    <div className="flow-tabs">
      <div className="tab-strip" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            aria-selected={tab === t.id}
            className={`tab${tab === t.id ? ' on' : ''}`}
            data-testid={`tab-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
            {t.id === 'document' && (
              <>
                {' '}
                <SaveMark />
              </>
            )}
          </button>
        ))}
      </div>
      {tab === 'document' && (
        <div className="tab-body">
          <ReplayBar />
          <StepsPanel />
        </div>
      )}
      {tab === 'library' && (
        <div className="tab-body">
          <LibraryPanel />
        </div>
      )}
      {tab === 'replay' && (
        <div className="tab-body">
          <ReplayMatrix />
        </div>
      )}
    </div>
  );
}
