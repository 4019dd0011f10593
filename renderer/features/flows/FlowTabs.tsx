// The left column's lower pane: the document (replay controls above its steps), the flow library, and the
// replay matrix, as tabs so all three fit a 1024×700 window. Starting a replay from the library or the
// document leaves the tab as it is; the steps show each device's outcome either way.
import { useState } from 'react';
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

export function FlowTabs() {
  const [tab, setTab] = useState<TabId>('document');
  return (
    <div className="flow-tabs">
      <div className="tab-strip" role="tablist">
        {TABS.map((t) => (
          <button key={t.id} role="tab" aria-selected={tab === t.id} className={`tab${tab === t.id ? ' on' : ''}`} data-testid={`tab-${t.id}`} onClick={() => setTab(t.id)}>{t.label}</button>
        ))}
      </div>
      {tab === 'document' && (
        <div className="tab-body">
          <ReplayBar />
          <StepsPanel />
        </div>
      )}
      {tab === 'library' && <div className="tab-body"><LibraryPanel /></div>}
      {tab === 'replay' && <div className="tab-body"><ReplayMatrix /></div>}
    </div>
  );
}
