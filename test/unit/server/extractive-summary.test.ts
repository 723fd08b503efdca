/** The extractive summarizer: sentence splitting, TextRank ranking and choosing the best N. */
import { describe, expect, it } from 'vitest';
import { rankSentences, splitSentences, summarize, terms } from '../../../server/summary/extractive';

const text = `Solar panels turn sunlight into electricity for homes and businesses.
The price of solar panels has fallen sharply over the last decade.

Cheaper solar panels mean that more homes install them on their roofs.
My neighbour owns a red bicycle.
Electricity from solar panels can be stored in home batteries for the evening.
- Batteries for homes store electricity from solar panels

The weather was nice on Tuesday.`;

describe('splitSentences', () => {
  it('joins wrapped lines, splits sentences and keeps bullet lines apart', () => {
    expect(splitSentences('First line of a\nsentence that wraps. Second one.\n\n- bullet one\n- bullet two')).toEqual([
      'First line of a sentence that wraps.',
      'Second one.',
      'bullet one',
      'bullet two',
    ]);
  });

  it('splits a very long paragraph the same way in pieces', () => {
    const sentences = Array.from({ length: 2000 }, (_, i) => `Line ${i} ships the conveyor part number ${i}.`);
    expect(splitSentences(sentences.join(' '))).toEqual(sentences);
  });

  it('rejoins words hyphenated across lines (PDF text)', () => {
    expect(splitSentences('The manufac-\nturer delivers.')).toEqual(['The manufacturer delivers.']);
  });
});

describe('terms', () => {
  it('drops stop words and numbers and singularizes plurals', () => {
    expect(terms('The panels of 2026 are cheaper than the glass')).toEqual(['panel', 'cheaper', 'glass']);
  });
});

describe('rankSentences', () => {
  it('ranks sentences sharing the text’s main terms above unrelated ones; the best scores 1', () => {
    const sentences = splitSentences(text);
    const scores = rankSentences(sentences);
    const bicycle = sentences.findIndex((s) => s.includes('bicycle'));
    const weather = sentences.findIndex((s) => s.includes('weather'));
    expect(Math.max(...scores)).toBe(1);
    expect(scores[bicycle]).toBe(0);
    expect(scores[weather]).toBe(0);
    for (const [i, s] of sentences.entries()) if (/solar/.test(s)) expect(scores[i]).toBeGreaterThan(0.3);
  });

  it('answers an empty list for no sentences', () => {
    expect(rankSentences([])).toEqual([]);
  });
});

describe('summarize', () => {
  it('keeps the N best sentences verbatim, in document order, deterministically', () => {
    const summary = summarize(text, 3);
    expect(summary.sentences).toHaveLength(3);
    const all = splitSentences(text);
    const positions = summary.sentences.map((s) => s.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    for (const s of summary.sentences) expect(all[s.position]).toBe(s.text);
    expect(summary.sentences.every((s) => /solar panels/i.test(s.text))).toBe(true);
    expect(summary.summary).toBe(summary.sentences.map((s) => s.text).join(' '));
    expect(summarize(text, 3)).toEqual(summary);
    expect(summary.language).toBe('en');
    expect(summary.wordCount).toBe(text.split(/\s+/).filter((w) => /\w/.test(w)).length);
  });

  it('offers a sentence repeated in the text only once', () => {
    const repeated = 'The conveyor line packs forty crates of apples every hour.';
    const text = [
      repeated,
      'Crates of apples leave the conveyor line for the cold store.',
      repeated,
      'The cold store keeps apples fresh for weeks.',
      repeated,
      'Drivers collect the crates from the cold store each morning.',
    ].join(' ');
    const texts = summarize(text, 3).sentences.map((s) => s.text);
    expect(texts).toHaveLength(3);
    expect(new Set(texts).size).toBe(3);
    expect(texts.filter((t) => t === repeated).length).toBeLessThanOrEqual(1);
  });

  it('answers fewer sentences when the text has fewer candidates, none for a text of headings', () => {
    expect(summarize('One short sentence here. Another one follows it.', 5).sentences).toHaveLength(2);
    expect(summarize('Title\n\nDate: 2026', 3).sentences).toEqual([]);
  });
});

describe('summarize with headings', () => {
  it('leaves heading lines out when the text has enough punctuated sentences', () => {
    const doc = [
      'Supply agreement for Solar Panels Inc',
      'Blue Ridge Manufacturing - 2026-01-05',
      'This agreement covers solar panels and their installation. Solar panels are delivered in May.',
      'Installation of the solar panels takes two weeks. Payment is due after installation.',
    ].join('\n');
    const summary = summarize(doc, 3);
    expect(summary.sentences).toHaveLength(3);
    expect(summary.sentences.every((s) => s.text.endsWith('.'))).toBe(true);
    expect(summary.sentences[0].position).toBeGreaterThanOrEqual(2);
  });
});
