/** Types of the `stopword` package (it ships none): the stop-word lists used here. */
declare module 'stopword' {
  /** English stop words (lower case). */
  export const eng: readonly string[];
}
