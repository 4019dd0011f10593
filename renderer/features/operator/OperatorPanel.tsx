// The operator's tools in one panel with tabs: device keys and clipboard, apps, files, capture.
import { useEffect, useState } from 'react';
import { api } from '../../app/api';
import { AppsTab } from './AppsTab';
import { CaptureTab } from './CaptureTab';
import { FilesTab } from './FilesTab';
import { KeysTab } from './KeysTab';
import { onTransferProgress } from './transfers-store';
import './operator.css';

const TABS = [
  { id: 'keys', label: 'Keys', body: KeysTab },
  { id: 'apps', label: 'Apps', body: AppsTab },
  { id: 'files', label: 'Files', body: FilesTab },
  { id: 'capture', label: 'Capture', body: CaptureTab },
] as const;

export function OperatorPanel() {
  const [tab, setTab] = useState<(typeof TABS)[number]['id']>('keys');
  useEffect(() => api().on('transfer.progress', onTransferProgress), []);
  const Body = TABS.find((t) => t.id === tab)!.body;
  return (
    <section className="panel operator-panel" data-testid="operator-panel">
      <header className="panel-title operator-tabs" role="tablist">
        {TABS.map((t) => (
          <button
            key={t.id}
            role="tab"
            aria-selected={tab === t.id}
            className={`tab${tab === t.id ? ' active' : ''}`}
            data-testid={`operator-tab-${t.id}`}
            onClick={() => setTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </header>
      <div className="operator-body">
        <Body />
      </div>
    </section>
  );
}
