import { describe, expect, it } from 'vitest';
import { kioskTopicsOfPath } from './realtime-kiosks';

describe('what a change tells the kiosks to fetch again', () => {
  it.each([
    ['/api/v1/face-settings', ['faces']],
    ['/api/v1/people/0d6c/photo', ['faces', 'people']],
    ['/api/v1/people/0d6c/face-consent', ['faces', 'people']],
    ['/api/v1/people/0d6c', ['people']],
    ['/api/v1/people/face-ids', ['people']],
    ['/api/v1/journeys/1/flows', ['journey']],
    ['/api/v1/announcements?x=1', ['announcements']],
    ['/api/v1/sites', []],
  ])('%s → %j', (url, topics) => {
    expect(kioskTopicsOfPath(url)).toEqual(topics);
  });
});
