/**
 * Extractive summarization: splits a text into sentences, ranks them by centrality (TextRank over
 * TF-IDF sentence vectors, Mihalcea & Tarau 2004, with cosine similarity as edge weight) and keeps
 * the best N in their original order. Pure and deterministic: the same text gives the same summary.
 */
import { englishStopWords } from './stop-words';

/** One ranked sentence: its text, score (0..1, 1 for the most central) and index in the text. */
export interface RankedSentence {
  text: string;
  score: number;
  position: number;
}

/** The result of `summarize`. */
export interface ExtractiveSummary {
  /** The chosen sentences in document order. */
  sentences: RankedSentence[];
  /** The chosen sentences joined with spaces. */
  summary: string;
  /** Words of the whole text (of its sentences; a sentence over 2,000 characters counts up to its cut). */
  wordCount: number;
  /** `en` when the text reads as English (by its share of English function words), else null. */
  language: string | null;
}

/** Sentences shorter than this many words (headings, dates, labels) are not candidates. */
const minSentenceWords = 3;
/** Longest sentence kept, characters (longer ones are cut at a word boundary). */
const maxSentenceChars = 2000;
/** Most sentences ranked; later ones are ignored (the graph is quadratic in the sentence count). */
const maxSentences = 1000;
const damping = 0.85;
const maxIterations = 100;
const tolerance = 1e-6;

const sentenceSegmenter = new Intl.Segmenter('en', { granularity: 'sentence' });
const wordSegmenter = new Intl.Segmenter('en', { granularity: 'word' });
const bulletLine = /^\s*(?:[-*•‣▪◦]|\d{1,3}[.)])\s+/;

/** Length of the pieces that long texts are cut into before segmentation, characters. */
const pieceChars = 4096;

/**
 * Cuts a text into pieces of about `pieceChars` characters, each ending just after a match of
 * `boundary` (a global regex), because `Intl.Segmenter` slows down sharply on very long strings.
 * A piece without a boundary in reach is cut at the next one, however far.
 */
function pieces(text: string, boundary: RegExp): string[] {
  if (text.length <= pieceChars) return [text];
  const out: string[] = [];
  let start = 0;
  while (text.length - start > pieceChars) {
    boundary.lastIndex = start + pieceChars;
    const match = boundary.exec(text);
    if (!match) break;
    const end = match.index + match[0].length;
    out.push(text.slice(start, end));
    start = end;
  }
  out.push(text.slice(start));
  return out;
}

/**
 * True when the line break after `line` ends a unit: the line has no closing punctuation, is short
 * (under 40 characters or 60 % of the block's longest line: a heading, a label, a title) and the
 * next line starts with a capital letter or a digit. Other breaks are wrapped running text.
 */
function endsUnit(line: string, next: string, longest: number): boolean {
  return !/[.,;:!?\-–—(]$/.test(line) && line.length < Math.max(40, 0.6 * longest) && /^[\p{Lu}\p{N}]/u.test(next);
}

/**
 * Splits a text into sentences. Blank lines end paragraphs; bullet lines and short heading-like lines
 * are units of their own; other line breaks inside a paragraph are joined (words hyphenated across
 * lines are rejoined), so text extracted from PDFs reads as running text.
 */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  for (const block of text.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    const longest = Math.max(0, ...lines.map((l) => l.length));
    const units: string[] = [];
    let open = false;
    for (const [i, line] of lines.entries()) {
      const last = units.length - 1;
      if (!open || bulletLine.test(line)) units.push(line.replace(bulletLine, ''));
      else if (units[last].endsWith('-') && /^\p{Ll}/u.test(line)) units[last] = units[last].slice(0, -1) + line;
      else units[last] += ` ${line}`;
      open = i + 1 < lines.length && !endsUnit(line, lines[i + 1], longest);
    }
    for (const unit of units) {
      const segments = pieces(unit, /[.!?…]["'”’)\]]*\s+/g).flatMap((p) => [...sentenceSegmenter.segment(p)]);
      for (const { segment } of segments) {
        const sentence = segment.replace(/\s+/g, ' ').trim();
        if (sentence) sentences.push(cut(sentence));
      }
    }
  }
  return sentences;
}

function cut(sentence: string): string {
  if (sentence.length <= maxSentenceChars) return sentence;
  const head = sentence.slice(0, maxSentenceChars - 1);
  const space = head.lastIndexOf(' ');
  return `${space > maxSentenceChars / 2 ? head.slice(0, space) : head}…`;
}

/** The lower-cased words of a text (Unicode word segmentation), numbers included. */
export function words(text: string): string[] {
  const out: string[] = [];
  for (const piece of pieces(text, /\s+/g))
    for (const s of wordSegmenter.segment(piece)) if (s.isWordLike) out.push(s.segment.toLowerCase());
  return out;
}

/** The terms a sentence contributes to ranking: words without stop words and pure numbers, crudely singularized. */
export function terms(sentence: string): string[] {
  return words(sentence)
    .filter((w) => !englishStopWords.has(w) && !/^\d+([.,]\d+)*$/.test(w) && w.length > 1)
    .map((w) => (w.length > 3 && w.endsWith('s') && !w.endsWith('ss') ? w.slice(0, -1) : w));
}

/**
 * Scores sentences by TextRank: a graph whose nodes are the sentences and whose edge weights are the
 * cosine similarities of their TF-IDF vectors; scores are the weighted PageRank (damping 0.85),
 * normalized so the best is 1. A sentence without terms scores 0.
 */
export function rankSentences(sentences: string[]): number[] {
  const n = sentences.length;
  if (n === 0) return [];
  const termLists = sentences.map(terms);
  const documentFrequency = new Map<string, number>();
  for (const list of termLists)
    for (const t of new Set(list)) documentFrequency.set(t, (documentFrequency.get(t) ?? 0) + 1);
  const vectors = termLists.map((list) => {
    const tf = new Map<string, number>();
    for (const t of list) tf.set(t, (tf.get(t) ?? 0) + 1);
    const v = new Map<string, number>();
    let norm = 0;
    for (const [t, count] of tf) {
      const w = count * (1 + Math.log(n / (documentFrequency.get(t) ?? 1)));
      v.set(t, w);
      norm += w * w;
    }
    norm = Math.sqrt(norm);
    for (const [t, w] of v) v.set(t, w / norm);
    return v;
  });
  const weights: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      const [small, large] = vectors[i].size < vectors[j].size ? [vectors[i], vectors[j]] : [vectors[j], vectors[i]];
      let dot = 0;
      for (const [t, w] of small) dot += w * (large.get(t) ?? 0);
      weights[i][j] = dot;
      weights[j][i] = dot;
    }
  }
  const outSum = weights.map((row) => row.reduce((a, b) => a + b, 0));
  let scores = new Array<number>(n).fill(1 / n);
  for (let iteration = 0; iteration < maxIterations; iteration++) {
    const next = new Array<number>(n).fill((1 - damping) / n);
    for (let j = 0; j < n; j++) {
      if (outSum[j] === 0) continue;
      const share = (damping * scores[j]) / outSum[j];
      const row = weights[j];
      for (let i = 0; i < n; i++) if (row[i] !== 0) next[i] += share * row[i];
    }
    const delta = next.reduce((d, s, i) => d + Math.abs(s - scores[i]), 0);
    scores = next;
    if (delta < tolerance) break;
  }
  const ranked = scores.map((s, i) => (termLists[i].length === 0 || outSum[i] === 0 ? 0 : s));
  const best = Math.max(...ranked);
  return ranked.map((s) => (best > 0 ? s / best : 0));
}

/**
 * Summarizes a text: the `count` best-ranked candidate sentences in document order; ties go to the
 * earlier sentence. Candidates have at least three words and, when the text has at least `count`
 * of them, end with closing punctuation (so headings are left out). Fewer sentences when the text
 * has fewer candidates; none for a text without sentences.
 */
export function summarize(text: string, count: number): ExtractiveSummary {
  const all = splitSentences(text);
  const sentenceWords = all.map(words);
  const long = all
    .map((sentence, position) => ({ text: sentence, position }))
    .filter((s) => sentenceWords[s.position].length >= minSentenceWords);
  // Headings and labels also have three words or more: when the text has enough punctuated
  // sentences, only those are candidates.
  const punctuated = long.filter((s) => /[.!?…]["'”’)]*$/.test(s.text));
  const candidates = (punctuated.length >= count ? punctuated : long).slice(0, maxSentences);
  const scores = rankSentences(candidates.map((c) => c.text));
  // A sentence repeated in the text (boilerplate on every page) is offered once, at its best rank.
  const seen = new Set<string>();
  const chosen = candidates
    .map((c, i) => ({ ...c, score: Math.round(scores[i] * 10_000) / 10_000 }))
    .sort((a, b) => b.score - a.score || a.position - b.position)
    .filter((s) => {
      const key = s.text.toLowerCase().replace(/\s+/g, ' ');
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, count)
    .sort((a, b) => a.position - b.position);
  let wordCount = 0;
  let stopWords = 0;
  for (const list of sentenceWords) {
    wordCount += list.length;
    for (const w of list) if (englishStopWords.has(w)) stopWords++;
  }
  return {
    sentences: chosen,
    summary: chosen.map((s) => s.text).join(' '),
    wordCount,
    language: wordCount >= 20 && stopWords / wordCount >= 0.2 ? 'en' : null,
  };
}
