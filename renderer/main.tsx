// Renderer entry: connect the transport (Electron preload or the loopback bridge), then render the console.
import { createRoot } from 'react-dom/client';
import { connectApi } from './ipc/connect';
import { setApi } from './app/api';
import { App } from './app/App';
import './app/styles.css';

const root = createRoot(document.getElementById('root')!);

connectApi(window.location)
  .then((api) => {
    setApi(api);
    root.render(<App />);
  })
  .catch((error: unknown) => {
    root.render(
      <div className="fatal" role="alert">
        {error instanceof Error ? error.message : String(error)}
      </div>,
    );
  });
