// age.js counts the age of every price on the page again, to the reader's
// own day. The build writes each age counted to its own date (the newest
// date of the catalog, or SOURCE_DATE_EPOCH: generator/site/trust.go), so
// that the same catalog gives the same page; an old page read today must
// not claim to be fresh. An age is an element .age[data-date] whose date
// is as the catalog writes it (2025-06-01, 2025-06 or 2025); its text is
// rewritten in the words of the page's JSON block #age-data, with the
// rules of trust.go's ageText. Its title, the dates behind it, stays.
// (The block's "built" is the day the build counted to, for tests.)
// A freshness badge is an element .fresh[data-date]: its class
// fresh-<badge> and its text are set again from the age of its date in
// days under the block's fresh_days and stale_days (catalog.Badge: a
// partial date counts from its first day).
//
// It runs in the page's head, before the body: window.gpucompareAge(date)
// gives the age of a date for scripts that draw prices later (the
// matrix), window.gpucompareDate(date) writes a date as the page's
// language does, window.gpucompareRecount() counts every age again for rows a
// script adds (the filter of /changes/), and the ages the page was built
// with are counted again once the document is parsed.
(function () {
  'use strict';

  var block = document.getElementById('age-data');
  if (!block) return;
  var data = JSON.parse(block.textContent);
  var M = data.words || {};
  var FRESH = data.fresh_days || 90, STALE = data.stale_days || 365;
  // The layouts dates are written with, by precision: the language's when
  // it writes dates other than as the catalog does (generator/site
  // ageScript), else the catalog's own, ISO 8601.
  var LAYOUTS = data.dates || { day: '2006-01-02', month: '2006-01', year: '2006' };

  function t(key, n) {
    var s = M[key];
    if (s === undefined) return key;
    return n === undefined ? s : s.replace('%d', String(n));
  }

  // age is the age of a date on the reader's day, as trust.go's ageText
  // words it; null for a text that is not a date.
  function age(date) {
    var m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date || '');
    if (!m) return null;
    var now = new Date();
    var ry = now.getFullYear(), rm = now.getMonth() + 1, rd = now.getDate();
    var ay = +m[1], am = m[2] ? +m[2] : 1, ad = m[3] ? +m[3] : 1;
    var precision = m[3] ? 'day' : m[2] ? 'month' : 'year';
    var years = ry - ay;
    var months = years * 12 + rm - am;
    if (precision === 'year') months = years * 12;
    else if (precision === 'day' && rd < ad) months--;
    if (months < 1 && precision === 'day') {
      var days = Math.floor((Date.UTC(ry, rm - 1, rd) - Date.UTC(ay, am - 1, ad)) / 864e5);
      if (days <= 0) return t('trust.age.today');
      if (days === 1) return t('trust.age.day');
      return t('trust.age.days', days);
    }
    if (months < 1 && precision === 'month') return t('trust.age.this_month');
    if (months < 12 && precision === 'year') return t('trust.age.this_year');
    if (months === 1) return t('trust.age.month');
    if (months < 12) return t('trust.age.months', months);
    if (months < 24) return t('trust.age.year');
    return t('trust.age.years', Math.floor(months / 12));
  }

  // date writes a catalog date (YYYY-MM-DD, YYYY-MM, YYYY) as the page's
  // language writes it, as the build's template func "date" does
  // (generator/site/locale.go): the layout of its precision is a Go time
  // layout, of which 2006 (the year), 01 and 1 (the month), 02 and 2 (the
  // day) are read. Text that is not a date is returned as it is.
  function date(text) {
    var m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec((text || '').trim());
    if (!m) return text;
    return LAYOUTS[m[3] ? 'day' : m[2] ? 'month' : 'year'].replace(/2006|01|02|1|2/g, function (tok) {
      switch (tok) {
        case '2006': return m[1];
        case '01': return m[2];
        case '1': return String(+m[2]);
        case '02': return m[3];
        default: return String(+m[3]);
      }
    });
  }

  // badge is the freshness badge of a date on the reader's day: fresh,
  // aging, stale; 'undated' for a text that is not a date. It is kept by
  // date for the reader's day, read again at most once a second: a sort
  // of the matrix by a price asks the badge of every offer's, and a
  // catalog has few dates. Every badge kept is counted to the day they
  // are kept for (badgeDay), so that none of them is a day ahead of the
  // others in the second after midnight.
  var badges = Object.create(null);
  var badgeDay = NaN; // the reader's day, as Date.UTC of its date
  var badgeDayRead = -Infinity;
  function badge(date) {
    var now = Date.now();
    if (now - badgeDayRead >= 1000 || now < badgeDayRead) {
      badgeDayRead = now;
      var n = new Date(now);
      var day = Date.UTC(n.getFullYear(), n.getMonth(), n.getDate());
      if (day !== badgeDay) {
        badges = Object.create(null);
        badgeDay = day;
      }
    }
    var key = String(date || '');
    var b = badges[key];
    if (b === undefined) {
      b = badgeOn(key, badgeDay);
      badges[key] = b;
    }
    return b;
  }

  // badgeOn is the badge of a date on the day given as Date.UTC of its
  // date.
  function badgeOn(date, day) {
    var m = /^(\d{4})(?:-(\d{2})(?:-(\d{2}))?)?$/.exec(date);
    if (!m) return 'undated';
    var days = Math.floor((day - Date.UTC(+m[1], m[2] ? +m[2] - 1 : 0, m[3] ? +m[3] : 1)) / 864e5);
    if (days <= FRESH) return 'fresh';
    if (days <= STALE) return 'aging';
    return 'stale';
  }

  function recount() {
    var bs = document.querySelectorAll('.fresh[data-date]');
    for (var j = 0; j < bs.length; j++) {
      var b = badge(bs[j].getAttribute('data-date'));
      var cls = 'fresh fresh-' + b;
      if (bs[j].className !== cls) {
        bs[j].className = cls;
        bs[j].textContent = t('trust.badge.' + b);
      }
    }

    var els = document.querySelectorAll('.age[data-date]');
    for (var i = 0; i < els.length; i++) {
      var text = age(els[i].getAttribute('data-date'));
      if (text !== null && els[i].textContent !== text) els[i].textContent = text;
    }
  }

  window.gpucompareAge = age;
  window.gpucompareDate = date;
  window.gpucompareBadge = badge;
  window.gpucompareRecount = recount;
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', recount);
  else recount();
})();
