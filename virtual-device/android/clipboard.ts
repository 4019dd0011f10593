// The virtual device's clipboard, with the change notification scrcpy's clipboard_autosync needs.

export class DeviceClipboard {
  private text = '';
  private readonly listeners = new Set<(text: string) => void>();

  get(): string {
    return this.text;
  }

  /** Sets the text; listeners hear about it unless `silent` (the scrcpy server sets it silently to avoid echoing). */
  set(text: string, silent = false): void {
    if (text === this.text) return;
    this.text = text;
    if (!silent) for (const l of this.listeners) l(text);
  }

  onChange(listener: (text: string) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
