// The library panel's actions, all through the flows.* contract: list (with search), open into the document
// (one undo step), save (the document as a flow: a new file, or the one it was opened from), rename,
// duplicate, delete, import (a file's text) and export (a download of the flow as validated).
import { api, errorText } from '../../app/api';
import { useStore } from '../../app/store';
import { documentItems, flowOf, recordedOnOf, stepsJson } from './flow-doc';

const say = (kind: 'info' | 'error', text: string) => useStore.getState().setFlowsMessage({ kind, text });

async function attempt(what: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (error) {
    say('error', `${what} failed — ${errorText(error)}`);
  }
}

export function refreshLibrary(query = ''): Promise<void> {
  return attempt('listing the library', async () => {
    const { dir, flows } = await api().request('flows.list', query.trim() ? { query: query.trim() } : {});
    useStore.getState().setLibrary(dir, flows);
  });
}

export function openFlow(id: string): Promise<void> {
  return attempt(`opening ${id}`, async () => {
    const { flow, errors } = await api().request('flows.open', { id });
    if (!flow) {
      say(
        'error',
        `${id} does not parse — ${errors.map((e) => `${e.code} at ${e.path || '/'}: ${e.message}`).join('; ')}`,
      );
      return;
    }
    const s = useStore.getState();
    s.loadSteps(documentItems(flow), `open ${flow.name}`);
    s.setFlowMeta({
      id,
      name: flow.name,
      description: flow.description,
      recorded_on: flow.recorded_on,
      saved: stepsJson(useStore.getState().document.steps),
    });
    s.setReplay(null, []);
    say('info', `opened ${flow.name} (${flow.steps.length} steps)`);
  });
}

/** Saves the document; `asNew` writes a new file even when it was opened from one. Resolves to whether it was saved. */
export async function saveFlow(name: string, asNew = false): Promise<boolean> {
  let saved = false;
  await attempt('saving', async () => {
    const s = useStore.getState();
    const recorded = s.flowMeta.recorded_on ?? (s.deviceInfo ? recordedOnOf(s.deviceInfo) : null);
    if (!recorded) {
      say('error', 'saving needs the device the flow was recorded on: select a device first');
      return;
    }
    const meta = { name: name.trim() || s.flowMeta.name, description: s.flowMeta.description, recorded_on: recorded };
    const id = asNew ? undefined : (s.flowMeta.id ?? undefined);
    const { entry } = await api().request('flows.save', { ...(id && { id }), flow: flowOf(meta, s.document.steps) });
    s.setFlowMeta({ ...meta, id: entry.id, saved: stepsJson(s.document.steps) });
    saved = true;
    say('info', `saved ${entry.name ?? entry.id} as ${entry.id}`);
    await refreshLibrary();
  });
  return saved;
}

export function renameFlow(id: string, name: string): Promise<void> {
  return attempt(`renaming ${id}`, async () => {
    const { entry } = await api().request('flows.rename', { id, name });
    if (useStore.getState().flowMeta.id === id) useStore.getState().setFlowMeta({ name: entry.name ?? name });
    await refreshLibrary();
  });
}

export function duplicateFlow(id: string): Promise<void> {
  return attempt(`duplicating ${id}`, async () => {
    const { entry } = await api().request('flows.duplicate', { id });
    say('info', `duplicated as ${entry.id}`);
    await refreshLibrary();
  });
}

export function deleteFlow(id: string): Promise<void> {
  return attempt(`deleting ${id}`, async () => {
    await api().request('flows.delete', { id });
    if (useStore.getState().flowMeta.id === id) useStore.getState().setFlowMeta({ id: null, saved: null });
    await refreshLibrary();
  });
}

export function importFlow(text: string): Promise<void> {
  return attempt('importing', async () => {
    const { entry } = await api().request('flows.import', { source: { kind: 'text', text } });
    say('info', `imported ${entry.name ?? entry.id} as ${entry.id}`);
    await refreshLibrary();
  });
}

/** A download of the flow as main validated it (the file's own content, defaults filled). */
export function exportFlow(id: string): Promise<void> {
  return attempt(`exporting ${id}`, async () => {
    const { flow, errors } = await api().request('flows.open', { id });
    if (!flow) {
      say('error', `${id} does not parse — ${errors[0]?.code ?? ''}: ${errors[0]?.message ?? ''}`);
      return;
    }
    const url = URL.createObjectURL(new Blob([JSON.stringify(flow, null, 2) + '\n'], { type: 'application/json' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = id;
    a.click();
    URL.revokeObjectURL(url);
  });
}
