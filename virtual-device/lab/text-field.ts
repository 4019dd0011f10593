// EditText content with a UTF-16 selection, as android.text.Selection keeps it. JS strings are UTF-16,
// so indices match Android's exactly.

export class TextField {
  text = '';
  selStart = 0;
  selEnd = 0;
  focused = false;
  readonly submitted: string[] = [];

  constructor(readonly hint: string) {}

  /** Replaces the selection (or inserts at the cursor) and leaves the cursor after the insertion. */
  insert(s: string): void {
    const [a, b] = this.ordered();
    this.text = this.text.slice(0, a) + s + this.text.slice(b);
    this.selStart = this.selEnd = a + s.length;
  }

  /** KEYCODE_DEL: deletes the selection or the code point before the cursor. */
  deleteBackward(): void {
    const [a, b] = this.ordered();
    if (a !== b) return this.insert('');
    if (a === 0) return;
    const step =
      a >= 2 && isLowSurrogate(this.text.charCodeAt(a - 1)) && isHighSurrogate(this.text.charCodeAt(a - 2)) ? 2 : 1;
    this.text = this.text.slice(0, a - step) + this.text.slice(a);
    this.selStart = this.selEnd = a - step;
  }

  /** KEYCODE_FORWARD_DEL. */
  deleteForward(): void {
    const [a, b] = this.ordered();
    if (a !== b) return this.insert('');
    if (a >= this.text.length) return;
    const step = isHighSurrogate(this.text.charCodeAt(a)) && isLowSurrogate(this.text.charCodeAt(a + 1)) ? 2 : 1;
    this.text = this.text.slice(0, a) + this.text.slice(a + step);
  }

  moveCursor(to: number): void {
    this.selStart = this.selEnd = Math.max(0, Math.min(this.text.length, to));
  }

  /** TextView.setText from ACTION_SET_TEXT: cursor to the end. */
  setText(s: string): void {
    this.text = s;
    this.selStart = this.selEnd = s.length;
  }

  setSelection(start: number, end: number): void {
    this.selStart = start;
    this.selEnd = end;
  }

  submit(): void {
    this.submitted.push(this.text);
  }

  reset(): void {
    this.text = '';
    this.selStart = this.selEnd = 0;
    this.focused = false;
    this.submitted.length = 0;
  }

  private ordered(): [number, number] {
    return [Math.min(this.selStart, this.selEnd), Math.max(this.selStart, this.selEnd)];
  }
}

const isHighSurrogate = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLowSurrogate = (c: number) => c >= 0xdc00 && c <= 0xdfff;
