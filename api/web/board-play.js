// board-play.js: games on the board. Against the engine (a side, a level
// from GET /v1/levels, the engine's moves from POST /v1/play, an optional
// coach that shows the loss and the better move after each of yours), and
// local games for 2-4 people on one screen. Both have the seed site's
// 60-second move timer (on time-out a stone is placed on the free square
// nearest the centre in the setup, or the turn is skipped later) and a
// game-over screen with the score.
'use strict';
window.WZ = window.WZ || {};
(() => {
  const $ = (id) => document.getElementById(id);
  const COLOURS = ['red', 'blue', 'green', 'yellow'];
  const pct = (v) => (100 * v).toFixed(1) + '%';

  // timerSeconds is the move timer's length: the seed site's 60 seconds
  // (a test may shorten it to see a time-out).
  const game = { kind: null, human: null, level: null, timer: false, coach: false, timerSeconds: 60, levels: [], clock: null, deadline: 0, pending: null, over: false };
  WZ.game = game;

  // loadLevels fills the level menu from the service's calibrated levels.
  async function loadLevels() {
    try {
      const res = await WZ.api.levels();
      game.levels = res.levels || [];
    } catch (e) {
      game.levels = [];
      $('level-info').textContent = 'No engine levels: ' + e.message;
    }
    const box = $('play-level');
    box.textContent = '';
    game.levels.forEach((l, i) => {
      const lab = document.createElement('label');
      const input = document.createElement('input');
      input.type = 'radio';
      input.name = 'play-level';
      input.value = l.id;
      input.dataset.level = l.id;
      input.checked = i === 0;
      input.addEventListener('change', showLevel);
      lab.append(input, ` ${l.name} (${Math.round(l.elo)})`);
      box.append(lab);
    });
    showLevel();
  }

  // showLevel says how strong the chosen level is.
  function showLevel() {
    const l = game.levels.find((x) => x.id === chosen('play-level'));
    if (!l) return;
    const ci = l.ci95 ? ` (95% interval ${Math.round(l.ci95[0])} to ${Math.round(l.ci95[1])})` : '';
    $('level-info').textContent = `${l.name}: rated ${Math.round(l.elo)}${ci} on the project's list (voronoi-hard = 0), from ${l.anchorGames || l.games} games against its anchors; at most ${l.maxMoveMs} ms a move.`;
  }

  // chosen is the value of the checked radio button of a group.
  const chosen = (name) => (document.querySelector(`input[name="${name}"]:checked`) || {}).value;

  // stopClock stops the move timer.
  function stopClock() {
    clearInterval(game.clock);
    game.clock = null;
    $('clock').hidden = true;
  }

  // startClock gives the player to move the timer's seconds.
  function startClock(pos) {
    stopClock();
    game.deadline = Date.now() + game.timerSeconds * 1000;
    $('clock').hidden = false;
    const tick = () => {
      const left = Math.max(0, Math.ceil((game.deadline - Date.now()) / 1000));
      $('clock').textContent = `${left} s`;
      $('clock').classList.toggle('low', left <= 10);
      if (left === 0) { stopClock(); timeOut(pos); }
    };
    tick();
    game.clock = setInterval(tick, 250);
  }

  // timeOut plays the seed site's time-out: in the setup the free square
  // nearest the centre is taken; later the turn is skipped (the game goes
  // on from the same position with the next player to move).
  function timeOut(pos) {
    const app = WZ.app;
    if (app.pos !== pos || pos.phase === 'over') return;
    if (pos.phase === 'setup') {
      const free = (pos.legalMoves || []).slice().sort((a, b) => dist(a) - dist(b));
      // The notice follows the move: playing a move clears the notices.
      app.playMove(free[0]).then(() => app.notice(`Time out: ${pos.toMove}'s stone went on ${free[0]}.`));
      return;
    }
    const n = pos.rules.players;
    const next = COLOURS[(COLOURS.indexOf(pos.toMove) + 1) % n];
    const d = Object.assign({}, pos.board, { toMove: next, midTurn: false });
    app.notice(`Time out: ${pos.toMove}'s turn is skipped.`);
    app.goto(app.tree.skip(app.cur, d));
  }

  function dist(sq) {
    const c = 'ABCDEFG'.indexOf(sq[0]);
    const r = Number(sq.slice(1)) - 1;
    return Math.abs(c - 3) + Math.abs(r - 3) + (c - 3) * (c - 3) * 0.01 + (r - 3) * (r - 3) * 0.01;
  }

  // start begins a game of kind "play" or "local".
  function start(kind) {
    const app = WZ.app;
    stopClock();
    game.kind = kind;
    game.over = false;
    $('coach').hidden = true;
    $('game-over').hidden = true;
    let rules;
    if (kind === 'play') {
      rules = Object.assign(app.rulesForm(), { players: 2 });
      if ($('rule-players').value !== '2') rules.opening = 'four-stone';
      game.human = chosen('play-side');
      game.level = chosen('play-level');
      game.timer = $('play-timer').checked;
      game.coach = $('play-coach').checked;
      if (!game.level) { app.showError('level: no engine level is available on this server'); return; }
    } else {
      const players = Number(chosen('local-players'));
      rules = { players, opening: players === 2 ? $('local-opening').value : 'empty', stay: $('local-stay').value, tieBreak: $('rule-tiebreak').value };
      game.human = null;
      game.timer = $('local-timer').checked;
      game.coach = false;
    }
    document.body.dataset.game = 'on';
    app.newGame(rules);
  }

  // engineTurn asks the level for its move and plays it.
  async function engineTurn(pos, node) {
    const app = WZ.app;
    app.locked = true;
    app.render();
    const ctrl = new AbortController();
    game.pending = ctrl;
    const rec = app.tree.record(node);
    try {
      const res = await WZ.api.play(Object.assign({}, rec, { level: game.level }), ctrl.signal);
      if (app.cur !== node || game.kind !== 'play') return;
      app.locked = false;
      await app.playMove(res.move);
    } catch (e) {
      if (e.name === 'AbortError') return;
      app.locked = false;
      app.showError('The engine could not move: ' + e.message);
      app.render();
    }
  }

  // coachCheck shows what the move that led to node cost, and the better
  // move, from a search of the position before it.
  async function coachCheck(node) {
    const app = WZ.app;
    const rec = app.tree.record(node);
    $('coach').hidden = false;
    $('coach-text').textContent = `Checking ${node.move}…`;
    game.coached = node;
    try {
      const q = Object.assign({}, rec, { analyzeTurns: [rec.moves.length - 1], maxVisits: 200, topK: 3, includeExplanations: true });
      const res = await WZ.api.analyze(q);
      if (game.coached !== node) return;
      const a = res.analyses[0];
      const ex = a.explanation || {};
      const best = a.moveInfos && a.moveInfos[0];
      const loss = ex.loss || 0;
      let text;
      if (best && best.move !== node.move && loss > 0.005) {
        text = `${node.move} cost ${pct(loss)} of the win rate; better was ${best.move}. ` + (ex.text || '');
      } else {
        text = `${node.move} is as good as the engine's best.` + (ex.text ? ' ' + ex.text : '');
      }
      node.coach = { loss, best: best && best.move };
      $('coach-text').textContent = text;
      $('coach').dataset.loss = String(loss);
    } catch (e) {
      $('coach-text').textContent = 'The coach could not check the move: ' + e.message;
    }
  }

  // takeBack removes the coached move (and the engine's answer to it).
  function takeBack() {
    const app = WZ.app;
    const n = game.coached;
    if (!n || !n.parent) return;
    if (game.pending) game.pending.abort();
    app.locked = false;
    $('coach').hidden = true;
    game.coached = null;
    app.goto(app.tree.remove(n));
  }

  // showOver opens the game-over screen with the scores.
  function showOver(pos) {
    stopClock();
    game.over = true;
    const r = pos.result || {};
    const winners = r.winners || [];
    let text = winners.length === 1 ? `${winners[0]} wins.` : winners.length ? `A shared win: ${winners.join(', ')}.` : 'A draw.';
    if (game.kind === 'play') text += winners.length === 1 ? (winners[0] === game.human ? ' Well played!' : ' The engine wins this one.') : '';
    $('game-over-text').textContent = text;
    const body = $('game-over-scores').tBodies[0];
    body.textContent = '';
    for (const [c, v] of Object.entries(r.scores || {})) {
      const tr = body.insertRow();
      tr.className = c;
      tr.insertCell().textContent = c;
      tr.insertCell().textContent = String(v);
    }
    $('review-game').hidden = false; // reviews cover games of 2, 3 and 4 players
    $('game-over').hidden = false;
    document.body.dataset.game = 'over';
  }

  // onPosition runs after every position shown on the board.
  function onPosition(pos, node) {
    const app = WZ.app;
    if (!game.kind || (app.mode !== 'play' && app.mode !== 'local')) { stopClock(); return; }
    if (pos.phase === 'over') { app.locked = false; showOver(pos); app.render(); return; }
    $('game-over').hidden = true;
    const human = game.kind === 'local' || pos.toMove === game.human;
    if (game.kind === 'play' && game.coach && node.move && node.mover === game.human) coachCheck(node);
    if (!human) { stopClock(); engineTurn(pos, node); return; }
    app.locked = false;
    app.render();
    if (game.timer && !pos.midTurn) startClock(pos); else if (!game.timer) stopClock();
  }

  document.addEventListener('DOMContentLoaded', () => {
    WZ.app.hooks.push(onPosition);
    loadLevels();
    $('play-review').addEventListener('click', () => {
      game.kind = null;
      stopClock();
      WZ.app.setMode('analysis');
      WZ.review.start(WZ.app.tree.record(WZ.app.tree.lineEnd(WZ.app.tree.root)));
    });
    $('play-start').addEventListener('click', () => start('play'));
    $('local-start').addEventListener('click', () => start('local'));
    $('coach-takeback').addEventListener('click', takeBack);
    $('close-over').addEventListener('click', () => { $('game-over').hidden = true; });
    $('review-game').addEventListener('click', () => {
      $('game-over').hidden = true;
      game.kind = null;
      stopClock();
      WZ.app.setMode('analysis');
      WZ.review.start(WZ.app.tree.record(WZ.app.tree.lineEnd(WZ.app.tree.root)));
    });
  });
})();
