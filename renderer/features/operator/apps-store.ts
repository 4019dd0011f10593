// The apps list of the selected device and APK installs (shared by the Apps tab and a drop on the mirror).
import { create } from 'zustand';
import type { AppRow } from '../../../shared/ipc';
import { api, errorText } from '../../app/api';
import { pushFile } from './transfer';

interface AppsState {
  apps: AppRow[];
  status: string | null;
  refresh(serial: string): Promise<void>;
}

export const useAppsStore = create<AppsState>((set) => ({
  apps: [],
  status: null,
  refresh: async (serial) => {
    try {
      set({ apps: (await api().request('apps.list', { serial })).apps });
    } catch (error) {
      set({ status: `apps list failed: ${errorText(error)}` });
    }
  },
}));

/** Installs each APK in turn (push to /data/local/tmp, pm install); other files are refused by name. */
export async function installApks(serial: string, files: File[]): Promise<void> {
  for (const file of files) {
    if (!/\.apk$/i.test(file.name)) {
      useAppsStore.setState({ status: `${file.name} is not an APK (.apk)` });
      continue;
    }
    const r = await pushFile(serial, file, 'apk', '/data/local/tmp');
    useAppsStore.setState({ status: r.text });
  }
  await useAppsStore.getState().refresh(serial);
}
