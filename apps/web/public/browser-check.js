/*
 * The update-your-browser page (issue 26). Runs before the app, as a classic script, in any browser
 * (so ECMAScript 5 only: scripts/check-es-level.mjs checks it). The app's chunks are built for ES2019
 * with ES modules (Chrome 70, Safari 13.1, Firefox 68, Edge 79; apps/web/vite.config.ts): a browser
 * without the features that go with that level would parse none of them and show the boot spinner
 * forever. Here it gets a page saying so in the fan's language instead, and src/main.tsx does not start
 * when <html data-unsupported> is set. Its texts live here, not in src/lib/i18n, because this runs
 * where the app's code cannot (docs/decisions.md, "Browsers the build reaches").
 */
(function () {
  var w = window;
  var d = document;

  function supported() {
    try {
      var script = d.createElement('script');
      return (
        'noModule' in script &&
        typeof w.Promise === 'function' &&
        typeof w.Promise.prototype['finally'] === 'function' &&
        // Array.prototype.flat came with ES2018/2019 syntax in every engine (Chrome 69, Safari 12,
        // Firefox 62), and is absent from EdgeHTML, which has modules but not object spread.
        typeof [].flat === 'function' &&
        typeof w.fetch === 'function' &&
        typeof w.IntersectionObserver === 'function' &&
        typeof w.ResizeObserver === 'function' &&
        typeof w.Intl === 'object' &&
        typeof w.Intl.PluralRules === 'function' &&
        typeof w.URLSearchParams === 'function' &&
        typeof w.crypto === 'object' &&
        typeof w.crypto.getRandomValues === 'function'
      );
    } catch (_error) {
      return false;
    }
  }

  if (supported()) return;
  d.documentElement.setAttribute('data-unsupported', '');

  var TEXTS = {
    en: {
      title: 'Please update your browser',
      body: "Encore can't run in this version of your browser. To watch, open this page in an up-to-date Chrome, Safari, Firefox or Edge.",
      list: 'Works with Chrome 70+, Safari 13.1+ (iOS 13.6+), Firefox 68+ and Edge 79+.',
    },
    ja: {
      title: 'ブラウザを更新してください',
      body: 'このバージョンのブラウザではEncoreをご利用いただけません。視聴するには、最新のChrome、Safari、Firefox、またはEdgeでこのページを開いてください。',
      list: '対応ブラウザ：Chrome 70以降、Safari 13.1以降（iOS 13.6以降）、Firefox 68以降、Edge 79以降',
    },
    ko: {
      title: '브라우저를 업데이트해 주세요',
      body: '현재 브라우저 버전에서는 Encore를 이용할 수 없습니다. 시청하려면 최신 버전의 Chrome, Safari, Firefox 또는 Edge에서 이 페이지를 열어 주세요.',
      list: '지원 브라우저: Chrome 70 이상, Safari 13.1 이상(iOS 13.6 이상), Firefox 68 이상, Edge 79 이상',
    },
    'zh-cn': {
      title: '请更新您的浏览器',
      body: '当前版本的浏览器无法运行 Encore。如需观看，请使用最新版本的 Chrome、Safari、Firefox 或 Edge 打开此页面。',
      list: '支持的浏览器：Chrome 70 及以上、Safari 13.1 及以上（iOS 13.6 及以上）、Firefox 68 及以上、Edge 79 及以上',
    },
  };
  var HTML_LANG = { en: 'en', ja: 'ja', ko: 'ko', 'zh-cn': 'zh-CN' };

  /** The language the fan chose on Encore (the app keeps it under 'locale'), else the browser's. */
  function locale() {
    try {
      var saved = JSON.parse(w.localStorage.getItem('locale'));
      if (Object.hasOwn(TEXTS, saved)) return saved;
    } catch (_error) {
      // No storage (private mode) or no saved choice: the browser's languages decide.
    }
    var langs =
      (navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language]) || [];
    for (var i = 0; i < langs.length; i++) {
      var tag = String(langs[i] || '').toLowerCase();
      if (tag.indexOf('zh') === 0) return 'zh-cn';
      var base = tag.split('-')[0];
      if (base === 'ja' || base === 'ko' || base === 'en') return base;
    }
    return 'en';
  }

  function element(name, className, text) {
    var node = d.createElement(name);
    if (className) node.className = className;
    if (text) node.appendChild(d.createTextNode(text));
    return node;
  }

  function show() {
    var lang = locale();
    var t = TEXTS[lang];
    d.documentElement.lang = HTML_LANG[lang];
    d.title = t.title + ' · Encore';
    var root = d.getElementById('root') || d.body;
    while (root.firstChild) root.removeChild(root.firstChild);
    var page = element('main', 'unsupported');
    page.setAttribute('data-testid', 'unsupported-browser');
    var logo = element('img', 'unsupported-logo');
    logo.src = '/logo.svg';
    logo.alt = 'Encore';
    page.appendChild(logo);
    page.appendChild(element('h1', '', t.title));
    page.appendChild(element('p', '', t.body));
    page.appendChild(element('p', 'unsupported-list', t.list));
    root.appendChild(page);
  }

  if (d.readyState === 'loading') d.addEventListener('DOMContentLoaded', show);
  else show();
})();
