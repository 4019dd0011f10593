import { useState } from 'react';
import { copyText } from './copy-text';

/** `text` may be a function: what is costly to build (a receipt's JSON) is built only when clicked. */
export function CopyButton({
  text,
  label = 'Copy',
  testId,
}: {
  text: string | (() => string);
  label?: string;
  testId?: string;
}) {
  const [state, setState] = useState<'idle' | 'done' | 'failed'>('idle');
  return (
    <button
      className="btn btn-small"
      data-testid={testId}
      onClick={async () => {
        setState((await copyText(typeof text === 'function' ? text() : text)) ? 'done' : 'failed');
        window.setTimeout(() => setState('idle'), 1200);
      }}
    >
      {state === 'done' ? 'Copied' : state === 'failed' ? 'Failed' : label}
    </button>
  );
}
