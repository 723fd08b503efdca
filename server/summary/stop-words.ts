/** English stop words for sentence ranking: the `stopword` package's list plus common contractions' parts. */
import { eng } from 'stopword';

/** Lower-case English function words that carry no topic (ignored when ranking sentences). */
export const englishStopWords: ReadonlySet<string> = new Set([...eng, "it's", "don't", 'etc', 'may', 'per', 'via']);
