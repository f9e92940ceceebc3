// GitHub bounds its fields in bytes of UTF-8, not in characters: a check run's
// summary of 65,522 characters but 67,640 bytes (box-drawing and emoji take 3
// and 4 bytes) is refused with 422, and the whole check run is lost. These
// cut text to a number of UTF-8 bytes, never inside a character.

/** UTF-8 bytes of `text`. */
export function utf8Bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

/** The longest head of `text` of at most `max` UTF-8 bytes, never half a character (nor half a surrogate pair). */
export function headBytes(text: string, max: number): string {
  // Every UTF-16 unit is at most 3 bytes (a pair is 4 for 2): a text this short fits.
  if (text.length * 3 <= max) return text;
  const bytes = Buffer.from(text, 'utf8');
  if (bytes.length <= max) return text;
  let end = Math.max(0, max);
  // Back off continuation bytes (10xxxxxx) to the start of the character that did not fit.
  while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
  return bytes.subarray(0, end).toString('utf8');
}

/** `text` as it is when it fits in `max` UTF-8 bytes, else its head and `note`, together within `max`. */
export function fitBytes(text: string, max: number, note: string): string {
  if (text.length * 3 <= max || utf8Bytes(text) <= max) return text;
  return headBytes(text, max - utf8Bytes(note)) + note;
}
