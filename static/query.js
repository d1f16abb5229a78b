// query.js: how many GPUs a buyer asks for, read out of what they type.
// The search box of every page (static/search.js) and the instance matrix
// (static/matrix.js) share it; generator/site/searchcount.go reads queries
// the same way, and both are tested on the cases of
// generator/site/testdata/count-queries.json.
//
// A count is written as a buyer writes it:
//
//   8x  8×  8 x  ×8  x8        eight GPUs
//   8 GPUs  8 GPU  8gpu        (also 8 cards, and in Chinese 8卡, 8张, 8块)
//   >=4  >4  <=2  <2  =8       (≥ and ≤ too), a comparison
//   4-8  4..8  4~8  4–8        a range, both ends included
//
// and a comparison or range may carry a unit (">=4 GPUs", "4-8卡"). A count
// starts the query, follows a space or Chinese text ("阿里云8卡"), and ends
// it or a word; "8x" and "8×" may be glued to a GPU model ("8xH100",
// "8×H100"), "×8" may follow one ("H100×8"), but "48xlarge", "8xlarge" and
// "8x_A100-80GB" are words, not counts. A number alone ("8") is a count
// only where the reader asks for one (bare: the matrix's GPUs columns); in
// the search box it is a word, as in "910" or "80GB". Several counts in
// one query all hold (">=4 <=8"). What is not a count is left as the
// query's other words.
(function (root) {
  'use strict';

  // fold lower-cases s and makes full-width letters, digits and signs
  // ("８ｘ", "＞＝") the ASCII ones.
  function fold(s) {
    return String(s)
      .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
      .toLowerCase();
  }

  const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303F]/u;
  const SPACE = /\s/;
  const DIGIT = /[0-9]/;
  const WORDCHAR = /[a-z0-9]/;
  // UNITS are the words after a number that make it a count, longest first.
  const UNITS = ['gpus', 'gpu', 'cards', 'card', '张卡', '块卡', '卡', '张', '块', '×', 'x'];
  const SIGNS = ['>=', '<=', '==', '\u2265', '\u2264', '>', '<', '='];
  const DASHES = ['..', '-', '\u2013', '~'];

  // number reads a number (digits, a decimal part) at i: [value, end] or null.
  function number(s, i) {
    let j = i;
    while (j < s.length && DIGIT.test(s[j])) j++;
    if (j === i) return null;
    if (s[j] === '.' && DIGIT.test(s[j + 1] || '')) {
      j++;
      while (j < s.length && DIGIT.test(s[j])) j++;
    }
    return [Number(s.slice(i, j)), j];
  }
  function spaces(s, i) {
    while (i < s.length && s[i] === ' ') i++;
    return i;
  }
  function startsWith(s, i, list) {
    for (const w of list) if (s.startsWith(w, i)) return w;
    return '';
  }
  // ends reports whether a count may end at i: at the end, before a space
  // or Chinese text.
  function ends(s, i) {
    return i >= s.length || SPACE.test(s[i]) || CJK.test(s[i]);
  }
  // glued reports whether a GPU model follows at i: letters, then a digit
  // ("h100", "a100", "l40s"), not a word such as "large".
  function glued(s, i) {
    let j = i;
    while (j < s.length && /[a-z]/.test(s[j])) j++;
    return j > i && DIGIT.test(s[j] || '');
  }
  // unit reads a unit after a number at i (spaces first): its end, or -1.
  function unit(s, i) {
    const k = spaces(s, i);
    const u = startsWith(s, k, UNITS);
    if (!u) return -1;
    const j = k + u.length;
    if (u === 'x') return ends(s, j) || glued(s, j) ? j : -1;
    if (/^[a-z]/.test(u)) return j >= s.length || !WORDCHAR.test(s[j]) ? j : -1;
    return j; // ×, 卡, 张…: anything may follow
  }
  // phrase reads a count at i: { lo, hi, loOpen, hiOpen, end } or null.
  function phrase(s, i, bare) {
    const c = s[i];
    if (c === 'x' || c === '\u00d7') {
      const n = number(s, spaces(s, i + 1));
      if (!n || !ends(s, n[1])) return null;
      return { lo: n[0], hi: n[0], end: n[1] };
    }
    const sign = startsWith(s, i, SIGNS);
    if (sign) {
      const n = number(s, spaces(s, i + sign.length));
      if (!n) return null;
      let end = unit(s, n[1]);
      if (end < 0) end = ends(s, n[1]) ? n[1] : -1;
      if (end < 0) return null;
      const v = n[0];
      switch (sign) {
        case '>=':
        case '\u2265':
          return { lo: v, hi: Infinity, end };
        case '<=':
        case '\u2264':
          return { lo: -Infinity, hi: v, end };
        case '>':
          return { lo: v, hi: Infinity, loOpen: true, end };
        case '<':
          return { lo: -Infinity, hi: v, hiOpen: true, end };
        default:
          return { lo: v, hi: v, end };
      }
    }
    const a = number(s, i);
    if (!a) return null;
    const k = spaces(s, a[1]);
    const dash = startsWith(s, k, DASHES);
    if (dash) {
      const b = number(s, spaces(s, k + dash.length));
      if (b) {
        let end = unit(s, b[1]);
        if (end < 0) end = ends(s, b[1]) ? b[1] : -1;
        if (end >= 0) return { lo: Math.min(a[0], b[0]), hi: Math.max(a[0], b[0]), end };
      }
    }
    const end = unit(s, a[1]);
    if (end >= 0) return { lo: a[0], hi: a[0], end };
    if (bare && ends(s, a[1])) return { lo: a[0], hi: a[0], end: a[1] };
    return null;
  }

  // parse reads the counts out of a query (bare: a number alone is one).
  // It returns test, a function of a count telling whether it is asked
  // for (null when the query names none), and rest, the query's other
  // words in lower case, as one string.
  function parse(query, bare) {
    const s = fold(query);
    const found = [];
    let rest = '';
    let i = 0;
    while (i < s.length) {
      const before = i === 0 || SPACE.test(s[i - 1]) || CJK.test(s[i - 1]);
      const sign = s[i] === '\u00d7' || startsWith(s, i, SIGNS);
      const p = before || sign ? phrase(s, i, bare) : null;
      if (p) {
        found.push(p);
        rest += ' ';
        i = p.end;
        continue;
      }
      rest += s[i];
      i++;
    }
    rest = rest.split(/\s+/).filter(Boolean).join(' ');
    if (!found.length) return { test: null, rest };
    const test = (n) =>
      typeof n === 'number' &&
      found.every((p) => (p.loOpen ? n > p.lo : n >= p.lo) && (p.hiOpen ? n < p.hi : n <= p.hi));
    return { test, rest };
  }

  root.gpucompareQuery = { parse, fold };
})(typeof window !== 'undefined' ? window : globalThis);
