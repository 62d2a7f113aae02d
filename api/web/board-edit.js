// board-edit.js: the free position editor. Stones are put and removed by
// clicking squares, walls by clicking the bars between squares (every
// interior slot is offered, data-wall="C3:N" in the engine's canonical
// naming); the side to move and the phase are chosen in the panel. "Use
// this position" sends the diagram to the server, which checks it
// (stone counts, walls, the player to move) and names what is wrong.
'use strict';
window.WZ = window.WZ || {};
(() => {
  const $ = (id) => document.getElementById(id);
  const edit = { stones: {}, walls: {} };
  WZ.edit = edit;

  const tool = () => (document.querySelector('input[name="edit-tool"]:checked') || {}).value;

  // begin copies the current position into the editor.
  edit.begin = () => {
    const app = WZ.app;
    app.live.stop();
    app.live.clear('(editing)');
    edit.stones = {};
    edit.walls = {};
    const d = app.pos ? app.pos.board : { stones: {}, walls: [] };
    for (const c in d.stones) for (const sq of d.stones[c]) edit.stones[sq] = c;
    for (const w of d.walls || []) edit.walls[w.square + ':' + w.side] = w.by;
    if (d.toMove) $('edit-to-move').value = d.toMove;
    $('edit-phase').value = d.phase === 'setup' ? 'setup' : 'play';
    draw();
  };

  // diagram is the editor's position in the API's board shape.
  edit.diagram = () => {
    const stones = {};
    const players = edit.players();
    for (let i = 0; i < players; i++) stones[['red', 'blue', 'green', 'yellow'][i]] = [];
    for (const sq of Object.keys(edit.stones).sort()) (stones[edit.stones[sq]] = stones[edit.stones[sq]] || []).push(sq);
    const walls = Object.keys(edit.walls).sort().map((k) => {
      const [square, side] = k.split(':');
      return { square, side, by: edit.walls[k] };
    });
    return { stones, walls, toMove: $('edit-to-move').value, phase: $('edit-phase').value };
  };

  // players is the number of colours in use (at least the rules' count).
  edit.players = () => {
    let n = Number($('rule-players').value);
    const order = ['red', 'blue', 'green', 'yellow'];
    for (const c of Object.values(edit.stones)) n = Math.max(n, order.indexOf(c) + 1);
    return n;
  };

  function draw() {
    const slots = [];
    for (const sq of WZ.board.squares) {
      for (const side of ['N', 'E']) {
        if (!WZ.board.neighbour(sq, side)) continue;
        const ref = sq + ':' + side;
        slots.push({ ref, kind: edit.walls[ref] ? 'remove' : 'add', by: edit.walls[ref] });
      }
    }
    const d = edit.diagram();
    d.walls = []; // drawn as the slots' buttons
    WZ.app.view.render({ diagram: d, dots: new Set(), slots });
    $('to-move').textContent = 'Editing the position';
    $('input-hint').textContent = 'Click squares and bars; then Use this position.';
  }

  edit.square = (sq) => {
    const t = tool();
    if (t === 'wall') return;
    if (t === 'erase' || edit.stones[sq] === t) delete edit.stones[sq];
    else edit.stones[sq] = t;
    draw();
  };

  edit.wall = (ref) => {
    if (edit.walls[ref]) delete edit.walls[ref];
    else edit.walls[ref] = $('edit-wall-by').value;
    draw();
  };

  // done checks the diagram on the server and makes it the new start.
  async function done() {
    const app = WZ.app;
    const rules = Object.assign(app.rulesForm(), { players: edit.players() });
    if (rules.players !== 2) rules.opening = 'empty';
    const board = edit.diagram();
    app.showError('');
    try {
      await WZ.api.position({ rules, board, moves: [] });
    } catch (e) {
      app.showError('The position is not valid: ' + e.message);
      return;
    }
    app.showError('');
    $('rule-players').value = String(rules.players);
    app.mode = 'analysis';
    app.setMode('analysis');
    app.newGame(rules, board);
  }

  document.addEventListener('DOMContentLoaded', () => {
    $('edit-done').addEventListener('click', done);
    $('edit-cancel').addEventListener('click', () => WZ.app.setMode('analysis'));
    $('edit-clear').addEventListener('click', () => { edit.stones = {}; edit.walls = {}; draw(); });
    for (const id of ['edit-to-move', 'edit-phase']) $(id).addEventListener('change', draw);
  });
})();
