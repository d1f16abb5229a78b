// guide.js: the step-by-step wizard of a decision guide's page. The page
// is complete without it — the whole guide is written out as a tree, each
// outcome with its advice and short list — and this adds, above the tree,
// one question at a time: the answers as buttons, the path taken so far
// (each answer a button back to its question), Back and Start again. At
// an outcome it shows a copy of the outcome from the tree. The answers
// given live in the URL's hash ("#answers=2,1": the second answer of the
// first question, then the first of the next), so a link reproduces the
// step, from file:// too, and the browser's back and forward step through
// them. Other hashes (the tree's own anchors) leave the wizard as it is.
//
// It reads the guide from the page's JSON block (#guide-data), never
// fetch(); catalog text goes into the page as text nodes only. It also
// shows the tree chart's section, which is hidden without script; it runs
// before static/charts.js, which draws the chart.
(function () {
  'use strict';

  var dataEl = document.getElementById('guide-data');
  var wizard = document.getElementById('guide-wizard');
  if (!dataEl || !wizard) return;
  var G = JSON.parse(dataEl.textContent);
  var MSG = G.messages || {};

  // t formats a message of the page's catalogue: %s and %d in order, %% a percent sign.
  function t(key) {
    var args = Array.prototype.slice.call(arguments, 1);
    var s = MSG[key];
    if (s === undefined) return key;
    var n = 0;
    return s.replace(/%(?:\[(\d+)\])?([sd%])/g, function (m, index, verb) {
      if (verb === '%') return '%';
      var i = index ? Number(index) - 1 : n++;
      return typeof args[i] === 'number' && Number.isInteger(args[i]) ? String(args[i]).replace(/\B(?=(\d{3})+$)/g, ',') : String(args[i]); // a count grouped, as the build writes it
    });
  }

  function el(tag, className, text) {
    var e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  var chart = document.getElementById('guide-chart');
  if (chart) chart.hidden = false;

  var pathEl = document.getElementById('wizard-path');
  var stepEl = document.getElementById('wizard-step');
  var back = document.getElementById('wizard-back');
  var restart = document.getElementById('wizard-restart');

  // parse reads the answers of a wizard hash as 0-based indexes, keeping
  // the ones that lead somewhere; null for a hash that is not the wizard's.
  function parse(hash) {
    if (hash === '' || hash === '#') return [];
    var m = /^#answers=([0-9,]*)$/.exec(hash);
    if (!m) return null;
    var path = [];
    var at = G.start;
    var nums = m[1].split(',');
    for (var i = 0; i < nums.length && nums[i] !== ''; i++) {
      var q = G.questions[at];
      var k = Number(nums[i]) - 1;
      if (!q || !(k >= 0 && k < q.answers.length)) break;
      path.push(k);
      at = q.answers[k].next;
    }
    return path;
  }

  function hashOf(path) {
    return path.length
      ? '#answers=' + path.map(function (k) { return k + 1; }).join(',')
      : '';
  }

  var current = parse(location.hash) || [];

  // go moves to the step after the answers of path, as a new history entry.
  function go(path) {
    current = path;
    var h = hashOf(path);
    if (h !== location.hash) history.pushState(null, '', h || location.pathname + location.search);
    render(true);
  }

  function fromURL() {
    var p = parse(location.hash);
    if (p === null) return; // a tree anchor: the wizard stays where it is
    if (hashOf(p) === hashOf(current)) return;
    current = p;
    render(false);
  }
  window.addEventListener('popstate', fromURL);
  window.addEventListener('hashchange', fromURL);

  // copyOf is a copy of an element of the tree for the wizard: without ids,
  // which stay the tree's own.
  function copyOf(node) {
    var c = node.cloneNode(true);
    c.removeAttribute('id');
    var withID = c.querySelectorAll('[id]');
    for (var i = 0; i < withID.length; i++) withID[i].removeAttribute('id');
    var refs = c.querySelectorAll('[aria-labelledby], [aria-describedby]');
    for (var j = 0; j < refs.length; j++) {
      refs[j].removeAttribute('aria-labelledby');
      refs[j].removeAttribute('aria-describedby');
    }
    return c;
  }

  function render(focus) {
    pathEl.replaceChildren();
    var at = G.start;
    current.forEach(function (k, i) {
      var q = G.questions[at];
      var a = q.answers[k];
      var li = el('li');
      var change = el('button', 'path-answer', a.text);
      change.type = 'button';
      change.title = t('guide.wizard_change');
      change.addEventListener('click', function () {
        go(current.slice(0, i));
      });
      li.append(el('span', 'path-question', q.text), ' ', el('span', 'visually-hidden', t('guide.wizard_answered')), ' ', change);
      pathEl.append(li);
      at = a.next;
    });
    pathEl.hidden = current.length === 0;

    stepEl.replaceChildren();
    var q = G.questions[at];
    if (q) {
      stepEl.append(el('p', 'step-label', t('guide.wizard_question', current.length + 1)));
      stepEl.append(el('h3', 'step-question', q.text));
      if (q.help) stepEl.append(el('p', 'help', q.help));
      var list = el('ul', 'wizard-answers');
      q.answers.forEach(function (a, k) {
        var b = el('button', 'wizard-answer', a.text);
        b.type = 'button';
        b.addEventListener('click', function () {
          go(current.concat([k]));
        });
        var li = el('li');
        li.append(b);
        list.append(li);
      });
      stepEl.append(list);
      stepEl.dataset.step = at;
    } else {
      stepEl.append(el('p', 'step-label', t('guide.wizard_result')));
      var outcome = document.getElementById('o-' + at);
      if (outcome) stepEl.append(copyOf(outcome));
      else stepEl.append(el('h3', 'step-question', G.outcomes[at] || at));
      stepEl.dataset.step = at;
    }
    back.disabled = restart.disabled = current.length === 0;
    if (focus) stepEl.focus();
  }

  back.addEventListener('click', function () {
    if (current.length) go(current.slice(0, -1));
  });
  restart.addEventListener('click', function () {
    go([]);
  });

  wizard.hidden = false;
  render(false);
})();
