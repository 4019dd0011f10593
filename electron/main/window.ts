// The console window: secure preferences, dark background before the first paint, shown when ready.
import type { BrowserWindow as BrowserWindowType } from 'electron';
import { APP_URL } from './app-protocol';
import { secureWebPreferences } from './security';

type BrowserWindowClass = typeof BrowserWindowType;

export function createMainWindow(BrowserWindow: BrowserWindowClass, preload: string): BrowserWindowType {
  const win = new BrowserWindow({
    width: 1480,
    height: 920,
    minWidth: 960,
    minHeight: 600,
    title: 'Tactile',
    backgroundColor: '#0e1013',
    show: false,
    webPreferences: secureWebPreferences(preload),
  });
  win.once('ready-to-show', () => win.show());
  void win.loadURL(APP_URL);
  return win;
}
