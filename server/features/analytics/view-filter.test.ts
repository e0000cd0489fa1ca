import { describe, expect, it } from 'vitest';
import { isBrowser, isPrefetch, ownSite, referrerSite } from './view-filter';

const BROWSERS = {
  'Chrome on Windows':
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
  'Firefox on Linux': 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0',
  'Safari on iPhone':
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Edge on macOS':
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
  'Samsung Internet':
    'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36',
  'a Cubot phone':
    'Mozilla/5.0 (Linux; Android 10; CUBOT X30) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
};

const ROBOTS = {
  Googlebot: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  Bingbot: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Facebook link preview':
    'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'LinkedIn link preview':
    'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
  'Slack link preview': 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
  'Twitter link preview': 'Mozilla/5.0 (compatible; Twitterbot/1.0)',
  'Telegram link preview': 'Mozilla/5.0 (compatible; TelegramBot (like TwitterBot))',
  'WhatsApp link preview': 'WhatsApp/2.23.20.0',
  'Discord link preview': 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
  'Headless Chromium':
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  Lighthouse:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36 Chrome-Lighthouse',
  GPTBot:
    'Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)',
  PetalBot: 'Mozilla/5.0 (compatible;PetalBot;+https://webmaster.petalsearch.com/site/petalbot)',
  Ahrefs: 'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  curl: 'curl/8.5.0',
  'Python requests': 'python-requests/2.32.3',
  'no user agent': undefined,
};

describe('who is a reader', () => {
  it.each(Object.entries(BROWSERS))('%s is a browser', (_name, agent) => {
    expect(isBrowser(agent)).toBe(true);
    // Remembered: the same answer again.
    expect(isBrowser(agent)).toBe(true);
  });

  it.each(Object.entries(ROBOTS))('%s is not', (_name, agent) => {
    expect(isBrowser(agent)).toBe(false);
  });

  it('leaves out pages fetched ahead of time', () => {
    expect(isPrefetch({ 'sec-purpose': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ purpose: 'Prefetch' })).toBe(true);
    expect(isPrefetch({})).toBe(false);
  });
});

describe('where a reader came from', () => {
  const here = ownSite('www.forge.test:3000');

  it('is the referring address’s host only, lower case, without www', () => {
    expect(referrerSite('https://www.Google.com/search?q=robot+welding', here)).toBe('google.com');
    expect(referrerSite('http://news.ycombinator.com:8080/item?id=1', here)).toBe(
      'news.ycombinator.com',
    );
    expect(referrerSite('https://blog.example.org', here)).toBe('blog.example.org');
  });

  it('is nothing for this site, its public address, or anything that is no web address', () => {
    expect(ownSite('www.forge.test:3000')).toBe('forge.test');
    expect(ownSite('[::1]:3000')).toBe('[::1]');
    expect(referrerSite('http://www.forge.test:3000/news', here)).toBeNull();
    expect(referrerSite('https://forge.example/news', 'localhost', 'forge.example')).toBeNull();
    expect(referrerSite(undefined, here)).toBeNull();
    expect(referrerSite('android-app://com.google.android.gm/', here)).toBeNull();
    expect(referrerSite('https://user:secret@evil.example/', here)).toBeNull();
    expect(referrerSite('https://bad host.example/', here)).toBeNull();
    expect(referrerSite('https:///path', here)).toBeNull();
  });
});
