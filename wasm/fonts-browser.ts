// Each `?url` import becomes a bundled asset URL; nothing is fetched until a group is needed.

import latinRegular from '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf?url';
import latinItalic from '@expo-google-fonts/noto-sans/400Regular_Italic/NotoSans_400Regular_Italic.ttf?url';
import latinBold from '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf?url';
import latinBoldItalic from '@expo-google-fonts/noto-sans/700Bold_Italic/NotoSans_700Bold_Italic.ttf?url';
import jpRegular from '@expo-google-fonts/noto-sans-jp/400Regular/NotoSansJP_400Regular.ttf?url';
import jpBold from '@expo-google-fonts/noto-sans-jp/700Bold/NotoSansJP_700Bold.ttf?url';
import krRegular from '@expo-google-fonts/noto-sans-kr/400Regular/NotoSansKR_400Regular.ttf?url';
import krBold from '@expo-google-fonts/noto-sans-kr/700Bold/NotoSansKR_700Bold.ttf?url';
import scRegular from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import scBold from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import tcRegular from '@expo-google-fonts/noto-sans-tc/400Regular/NotoSansTC_400Regular.ttf?url';
import tcBold from '@expo-google-fonts/noto-sans-tc/700Bold/NotoSansTC_700Bold.ttf?url';
import thaiRegular from '@expo-google-fonts/noto-sans-thai/400Regular/NotoSansThai_400Regular.ttf?url';
import thaiBold from '@expo-google-fonts/noto-sans-thai/700Bold/NotoSansThai_700Bold.ttf?url';
import { QuireError } from '../src/core/errors';
import { FONT_FAMILY, type FontGroup, type FontGroupLoader } from './fonts';

export const FONT_URLS: Record<FontGroup, string[]> = {
  latin: [latinRegular, latinBold, latinItalic, latinBoldItalic],
  thai: [thaiRegular, thaiBold],
  sc: [scRegular, scBold],
  tc: [tcRegular, tcBold],
  jp: [jpRegular, jpBold],
  kr: [krRegular, krBold],
};

/**
 * Fetches a group's fonts from the app's own origin (Latin precached; the large scripts from the
 * font cache, or the network). A fetch that fails without an answer means the file is neither kept
 * on the device nor reachable: offline with a script never kept, the document cannot be typeset
 * faithfully, so FontUnavailableOffline names the font rather than printing empty boxes. A server
 * that answers with an error is FontsUnavailable.
 */
export const loadFontGroupFromUrls: FontGroupLoader = async (group) =>
  Promise.all(
    FONT_URLS[group].map(async (url) => {
      let response: Response;
      try {
        response = await fetch(url);
      } catch (error) {
        throw new QuireError('FontUnavailableOffline', {
          detail: `${FONT_FAMILY[group]}: ${url}`,
          params: { font: FONT_FAMILY[group], script: group },
          cause: error,
        });
      }
      if (!response.ok)
        throw new QuireError('FontsUnavailable', {
          detail: `${group}: ${url} HTTP ${response.status}`,
          params: { font: FONT_FAMILY[group], script: group },
        });
      return new Uint8Array(await response.arrayBuffer());
    }),
  );
