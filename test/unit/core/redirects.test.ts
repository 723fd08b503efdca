/** The redirect policy of the core's requests (main/core/api/redirects.ts), over a scripted list of answers. */
import { describe, expect, it } from 'vitest';
import { followRedirects, maxRedirects, RedirectRefusedError } from '../../../main/core/api/redirects';

interface Answer {
  status: number;
  location?: string;
}

/** Follows `answers` in turn, recording the URLs sent to and the answers discarded. */
async function run(method: string, url: string, answers: Answer[]) {
  const sent: string[] = [];
  const discarded: Answer[] = [];
  const result = followRedirects(method, url, {
    send: async (to) => {
      sent.push(to);
      const answer = answers.shift();
      if (!answer) throw new Error('no more answers');
      return answer;
    },
    status: (a) => a.status,
    location: (a) => a.location ?? null,
    discard: async (a) => void discarded.push(a),
  });
  return { result, sent, discarded };
}

describe('followRedirects', () => {
  it('follows relative and absolute Locations on the same origin, keeping a 307 POST', async () => {
    const { result, sent, discarded } = await run('POST', 'https://brm.example.com/api/a?x=1', [
      { status: 307, location: '/api/b' },
      { status: 308, location: 'https://brm.example.com/api/c' },
      { status: 200 },
    ]);
    expect(await result).toEqual({ status: 200 });
    expect(sent).toEqual([
      'https://brm.example.com/api/a?x=1',
      'https://brm.example.com/api/b',
      'https://brm.example.com/api/c',
    ]);
    expect(discarded).toHaveLength(2);
  });

  it('refuses another scheme, host or port, naming both origins', async () => {
    for (const location of [
      'http://brm.example.com/api/a',
      'https://evil.example.com/api/a',
      'https://brm.example.com:8443/x',
    ]) {
      const { result, sent } = await run('GET', 'https://brm.example.com/api/a', [{ status: 302, location }]);
      const error = await result.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RedirectRefusedError);
      expect((error as Error).message).toContain(
        `The BRM service at https://brm.example.com redirected to ${new URL(location).origin}; BRM Desktop does not follow redirects to another server.`,
      );
      expect((error as RedirectRefusedError).status).toBe(302);
      expect(sent).toHaveLength(1);
    }
  });

  it('refuses a 301, 302 or 303 of another method than GET or HEAD, which would become a GET', async () => {
    for (const status of [301, 302, 303]) {
      const { result } = await run('POST', 'https://brm.example.com/api/a', [{ status, location: '/api/b' }]);
      await expect(result).rejects.toThrow(`answered a POST request with ${status}`);
    }
  });

  it(`stops after ${maxRedirects} hops on the same origin`, async () => {
    const loop = Array.from({ length: maxRedirects + 1 }, (_, i) => ({ status: 307, location: `/hop/${i}` }));
    const { result, sent } = await run('GET', 'https://brm.example.com/start', loop);
    await expect(result).rejects.toThrow(`redirected more than ${maxRedirects} times in a row`);
    expect(sent).toHaveLength(maxRedirects + 1);
  });

  it('hands on a 304, a 300 and a redirect without Location as they are', async () => {
    for (const answer of [{ status: 304 }, { status: 300, location: '/x' }, { status: 307 }]) {
      const { result, sent } = await run('GET', 'https://brm.example.com/a', [answer]);
      expect(await result).toEqual(answer);
      expect(sent).toHaveLength(1);
    }
  });
});
