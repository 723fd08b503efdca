import { summarize } from './server/summary/extractive';
import { Faker, en, base } from '@faker-js/faker';
const f = new Faker({ locale: [en, base] }); f.seed(1);
const text = Array.from({ length: 3000 }, () => f.company.catchPhrase() + ' ' + f.hacker.phrase()).join(' ');
console.log(text.length);
const t0 = performance.now(); const s = summarize(text, 5); console.log(performance.now() - t0, s.sentences.length);
const big = text.repeat(8).slice(0, 2_000_000);
const t1 = performance.now(); summarize(big, 5); console.log('2MB', performance.now() - t1);
