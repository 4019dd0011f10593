// Preload (sandboxed, context-isolated): exposes the contract's named functions as `window.api`. No generic
// ipcRenderer, no send/invoke by channel name.
import { contextBridge, ipcRenderer } from 'electron';
import { buildApiSurface } from './api-surface';

contextBridge.exposeInMainWorld('api', buildApiSurface(ipcRenderer));
