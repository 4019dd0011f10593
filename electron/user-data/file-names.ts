// Operation ids become file names (device locks are named by a hash of the device identity instead): keep [A-Za-z0-9._-], percent-encode every other UTF-8
// byte and a leading "." (so no name is hidden, "." or ".."). Reversible: listings map back to the values.
const SAFE = /^[A-Za-z0-9._-]$/;

export function toFileName(value: string): string {
  if (value === '') throw new RangeError('a file name needs a non-empty value');
  let out = '';
  for (const byte of new TextEncoder().encode(value)) {
    const ch = String.fromCharCode(byte);
    out += SAFE.test(ch) && !(out === '' && ch === '.') ? ch : `%${byte.toString(16).padStart(2, '0').toUpperCase()}`;
  }
  return out;
}

export function fromFileName(name: string): string {
  return decodeURIComponent(name);
}
