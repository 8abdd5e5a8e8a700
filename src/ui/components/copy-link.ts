/**
 * Copy a link to the clipboard and say what happened in the editor's note: copied, or (no clipboard
 * permission) how to copy it by hand from the field that shows it.
 */
export async function copyLinkWithNote(link: string, setNote: (note: string) => void): Promise<void> {
  try {
    await navigator.clipboard.writeText(link);
    setNote('Link copied.');
  } catch {
    setNote('Select the link above and copy it.');
  }
}
