/**
 * The 1-based line of a text statement (CSV) that holds these headers, or null when it is not
 * found (an XLSX workbook, a Windows-1252 header the browser reads otherwise).
 *
 * The preview of a file without a mapping gives the header row's cells (`colonnes`, the server's
 * guess: the first of the widest rows) but not its number, which the mapping names
 * (`ligne_entete`): the file is at hand, so its lines are read here. Accents and case are ignored
 * (the browser reads UTF-8, a bank's file may be Windows-1252), cells are split on the three
 * delimiters the server knows, quotes dropped.
 */
export async function ligneEnteteDuFichier(file: Blob, colonnes: readonly string[]): Promise<number | null> {
  const attendu = colonnes.map(plain).filter((cell) => cell !== '');
  if (attendu.length === 0) return null;
  let texte: string;
  try {
    texte = await file.text();
  } catch {
    return null;
  }
  // A zip (an XLSX workbook) is not text.
  if (texte.startsWith('PK')) return null;
  const lignes = texte.replace(/^\uFEFF/, '').split(/\r\n|\n|\r/);
  for (const [index, ligne] of lignes.slice(0, 60).entries()) {
    for (const delimiter of [';', ',', '\t']) {
      const cells = ligne
        .split(delimiter)
        .map(plain)
        .filter((cell) => cell !== '');
      if (cells.length === attendu.length && cells.every((cell, i) => cell === attendu[i])) return index + 1;
    }
  }
  return null;
}

/** A cell compared loosely: unquoted, trimmed, lower case, letters without accents, ASCII only. */
function plain(cell: string): string {
  return cell
    .trim()
    .replace(/^"(.*)"$/, '$1')
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
}
