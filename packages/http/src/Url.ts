/** A request target's path, without its query or fragment. */
export const pathOf = (url: string): string => {
  const end = url.search(/[?#]/)
  return end === -1 ? url : url.slice(0, end)
}
