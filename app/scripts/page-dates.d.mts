/** The information pages whose "Last updated" line comes from the repository. */
export const INFO_PAGES: readonly string[]
/** Each page's last change as YYYY-MM-DD (git, else the file's modification time). */
export function pageDates(): Record<string, string>
