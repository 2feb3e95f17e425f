const FIELD_ERROR_PATH = /^fields\.(\d+)\.input_value(?:\..*)?$/;

/**
 * Splits the `errors` of a 422 answer into messages per field index (first message of each) and the
 * messages that belong to no field of this form.
 */
export function mapServerErrors(
  errors: Readonly<Record<string, readonly string[]>> | undefined,
  fieldCount: number,
): { byField: Map<number, string>; other: string[] } {
  const byField = new Map<number, string>();
  const other: string[] = [];
  for (const [path, messages] of Object.entries(errors ?? {})) {
    const message = messages.find((text) => text !== '');
    if (message === undefined) continue;
    const match = FIELD_ERROR_PATH.exec(path);
    const index = match ? Number(match[1]) : -1;
    if (index >= 0 && index < fieldCount) {
      if (!byField.has(index)) byField.set(index, message);
    } else {
      other.push(message);
    }
  }
  return { byField, other };
}
