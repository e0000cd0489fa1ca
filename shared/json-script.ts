/**
 * JSON that is safe inside a `<script>` element: no `<` (so no `</script>`
 * or `<!--`) and no line separators that old parsers took for line ends.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
