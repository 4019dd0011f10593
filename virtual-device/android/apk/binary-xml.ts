// Android's binary XML (ResXMLTree, as aapt writes AndroidManifest.xml into an APK): a string pool, the
// attribute resource map, then start/end element chunks. Returns a small element tree with typed values.

export interface XmlAttribute {
  /** Namespace URI, '' when none. */
  ns: string;
  name: string;
  /** Attribute resource id from the resource map (e.g. 0x0101021b android:versionCode), 0 when none. */
  resId: number;
  /** The raw string when the attribute has one, else the typed value. */
  value: string | number | boolean | null;
  /** Res_value dataType: 0x03 string, 0x01 reference, 0x10 int, 0x12 boolean … */
  type: number;
}

export interface XmlElement {
  name: string;
  attributes: XmlAttribute[];
  children: XmlElement[];
}

export class BinaryXmlError extends Error {}

const RES_XML = 0x0003;
const STRING_POOL = 0x0001;
const RESOURCE_MAP = 0x0180;
const START_ELEMENT = 0x0102;
const END_ELEMENT = 0x0103;
const UTF8_FLAG = 0x100;
const NO_ENTRY = 0xffffffff;

function readStrings(b: Buffer, at: number): string[] {
  const count = b.readUInt32LE(at + 8);
  const flags = b.readUInt32LE(at + 16);
  const stringsStart = at + b.readUInt32LE(at + 20);
  const utf8 = (flags & UTF8_FLAG) !== 0;
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let p = stringsStart + b.readUInt32LE(at + 28 + i * 4);
    if (utf8) {
      // UTF-16 length, then UTF-8 byte length, each 1 or 2 bytes (high bit = two bytes).
      p += b[p]! & 0x80 ? 2 : 1;
      let len = b[p]!;
      if (len & 0x80) len = ((len & 0x7f) << 8) | b[++p]!;
      p++;
      out.push(b.toString('utf8', p, p + len));
    } else {
      let len = b.readUInt16LE(p);
      if (len & 0x8000) {
        len = ((len & 0x7fff) << 16) | b.readUInt16LE(p + 2);
        p += 2;
      }
      p += 2;
      out.push(b.toString('utf16le', p, p + len * 2));
    }
  }
  return out;
}

export function parseBinaryXml(b: Buffer): XmlElement {
  if (b.length < 8 || b.readUInt16LE(0) !== RES_XML) throw new BinaryXmlError('not an Android binary XML document');
  let strings: string[] = [];
  let resIds: number[] = [];
  const str = (i: number) => (i === NO_ENTRY ? '' : (strings[i] ?? ''));
  const root: XmlElement = { name: '#document', attributes: [], children: [] };
  const stack: XmlElement[] = [root];
  let p = b.readUInt16LE(2);
  while (p + 8 <= b.length) {
    const type = b.readUInt16LE(p);
    const headerSize = b.readUInt16LE(p + 2);
    const size = b.readUInt32LE(p + 4);
    if (size < 8 || p + size > b.length) throw new BinaryXmlError(`bad chunk at ${p}`);
    if (type === STRING_POOL) strings = readStrings(b, p);
    else if (type === RESOURCE_MAP)
      resIds = Array.from({ length: (size - headerSize) / 4 }, (_, i) => b.readUInt32LE(p + headerSize + i * 4));
    else if (type === START_ELEMENT) {
      const ext = p + headerSize;
      const attrStart = b.readUInt16LE(ext + 8);
      const attrSize = b.readUInt16LE(ext + 10);
      const attrCount = b.readUInt16LE(ext + 12);
      const el: XmlElement = { name: str(b.readUInt32LE(ext + 4)), attributes: [], children: [] };
      for (let i = 0; i < attrCount; i++) {
        const a = ext + attrStart + i * attrSize;
        const nameIndex = b.readUInt32LE(a + 4);
        const raw = b.readUInt32LE(a + 8);
        const dataType = b[a + 15]!;
        const data = b.readUInt32LE(a + 16);
        const value =
          raw !== NO_ENTRY
            ? str(raw)
            : dataType === 0x03
              ? str(data)
              : dataType === 0x12
                ? data !== 0
                : dataType === 0x10
                  ? data | 0
                  : dataType === 0
                    ? null
                    : data;
        el.attributes.push({
          ns: str(b.readUInt32LE(a)),
          name: str(nameIndex),
          resId: resIds[nameIndex] ?? 0,
          value,
          type: dataType,
        });
      }
      stack[stack.length - 1]!.children.push(el);
      stack.push(el);
    } else if (type === END_ELEMENT) {
      if (stack.length > 1) stack.pop();
    }
    p += size;
  }
  const top = root.children[0];
  if (!top) throw new BinaryXmlError('the document has no element');
  return top;
}
