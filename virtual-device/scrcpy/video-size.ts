// Output size of the video for a screen and max_size (Size.limit + Size.round8 in scrcpy 3.3.3). Pure.

export interface Size {
  width: number;
  height: number;
}

/** Scales the major side down to maxSize (a multiple of 8, 0 = no limit), keeping the aspect ratio (integer maths like Java). */
export function limitSize(size: Size, maxSize: number): Size {
  if (maxSize === 0) return size;
  const portrait = size.height > size.width;
  const major = portrait ? size.height : size.width;
  if (major <= maxSize) return size;
  const minor = portrait ? size.width : size.height;
  const newMinor = Math.trunc((maxSize * minor) / major);
  return portrait ? { width: newMinor, height: maxSize } : { width: maxSize, height: newMinor };
}

/** Both sides to multiples of 8 (encoders want it): the major side rounds down, the minor to the nearest. */
export function round8(size: Size): Size {
  if (size.width % 8 === 0 && size.height % 8 === 0) return size;
  const portrait = size.height > size.width;
  let major = portrait ? size.height : size.width;
  let minor = portrait ? size.width : size.height;
  major &= ~7;
  minor = (minor + 4) & ~7;
  if (minor > major) minor = major;
  return portrait ? { width: minor, height: major } : { width: major, height: minor };
}

export function videoSizeFor(screen: Size, maxSize: number): Size {
  return round8(limitSize(screen, maxSize));
}
