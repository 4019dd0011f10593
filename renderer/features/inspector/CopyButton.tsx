import { useState } from 'react';
import { copyText } from './copy-text';

export function CopyButton({ text, label = 'Copy', testId }: { text: string; label?: string; testId?: string }) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  return (
    <button
      className="btn btn-small"
      data-testid={testId}
      onClick={async () => {
        setState((await copyText(text)) ? 'done' : 'failed');
        window.setTimeout(() => setState('idle'), 1200);
      }}
    >
      {state === 'done' ? 'Copied' : state === 'failed' ? 'Failed' : label}
    </button>
  );
}
