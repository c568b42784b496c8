// yass web, the play and set page. Plain JavaScript, nothing downloaded at run time.
// Play: the player's digits, corner and centre marks and colours, entered the way SudokuPad
// takes them; hints, Check and the rating come from POST /api/analyze on the player's grid.
// Set: the givens and rules are edited here and analysed after every edit.
"use strict";

(function () {
  const D = window.yassDraw;
  const U = D.U, DIGITS = D.DIGITS, el = D.el;
  const $ = (id) => document.getElementById(id);
  const COLOURS = ["", "#c9c9c9", "#a8a8a8", "#ffa0a0", "#ffdf61", "#b0ffb0", "#61d060", "#93c5ff", "#c7a5ff", "#ffb7e5"];
  const CLIENT = "page-" + Math.random().toString(36).slice(2);

  let P = null; // the puzzle: {puzzle (yass JSON), line, givens, layout, name}
  let S = null; // the player's grid: values, corner, centre, colour, elapsed, hints, done
  let past = [], future = []; // undo and redo: snapshots
  let sel = []; // selected cells, in the order chosen
  let cursor = 0;
  let entry = "digit", view = "game", tab = "play";
  let hint = null, hintLevel = 0, hintFor = "";
  let wrongShown = [];
  let analysis = null; // set mode: the last analysis
  let inflight = null; // set mode: the request to cancel on the next edit
  let jigsaw = []; // set mode: jigsaw regions drawn so far
  let dragging = false;
  let tickFrom = 0;

  // -- helpers ---------------------------------------------------------------------------

  const n = () => P.layout.size;
  const all = () => (1 << n()) - 1;
  const bits = (m) => { const out = []; for (let d = 1; d <= n(); d++) if (m >> (d - 1) & 1) out.push(d); return out; };
  const name = (c) => `r${Math.floor(c / n()) + 1}c${c % n() + 1}`;
  const index = (s) => { const m = /^r(\d+)c(\d+)$/.exec(s); return m ? (Number(m[1]) - 1) * n() + Number(m[2]) - 1 : -1; };
  const given = (c) => P.givens[c] !== 0;
  const value = (c) => P.givens[c] || (tab === "play" ? S.values[c] : 0);

  function showError(message) {
    $("error").textContent = message;
    $("error").hidden = !message;
  }

  async function post(path, body, signal) {
    let reply;
    try {
      reply = await fetch(path, {
        method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body), signal: signal,
      });
    } catch (err) {
      if (err.name === "AbortError") throw err;
      throw new Error("the yass server does not answer (is `yass web` still running?)");
    }
    let answer;
    try { answer = await reply.json(); } catch (err) { throw new Error(`the server answered ${reply.status} without JSON`); }
    if (!reply.ok) {
      const e = new Error(answer.error || `the server answered ${reply.status}`);
      e.status = reply.status;
      throw e;
    }
    return answer;
  }

  // -- the player's state, saved per puzzle -------------------------------------------------

  function hash(text) {
    let h = 5381;
    for (let i = 0; i < text.length; i++) h = (h * 33 + text.charCodeAt(i)) >>> 0;
    return h.toString(36);
  }

  const storeKey = () => "yass-play:" + hash(JSON.stringify(P.puzzle));

  function fresh() {
    const cells = n() * n();
    return {
      values: new Array(cells).fill(0), corner: new Array(cells).fill(0),
      centre: new Array(cells).fill(0), colour: new Array(cells).fill(0),
      elapsed: 0, hints: 0, done: null,
    };
  }

  const snapshot = () => JSON.stringify([S.values, S.corner, S.centre, S.colour]);

  function restore(snap) {
    const [v, k, c, o] = JSON.parse(snap);
    S.values = v; S.corner = k; S.centre = c; S.colour = o;
  }

  function save() {
    if (!P || tab !== "play") return;
    syncClock();
    try {
      localStorage.setItem(storeKey(), JSON.stringify({ s: S, past: past.slice(-200), future: future.slice(-200) }));
    } catch (err) { /* storage full or off: play on */ }
  }

  function loadSaved() {
    try {
      const raw = localStorage.getItem(storeKey());
      if (!raw) return false;
      const saved = JSON.parse(raw);
      if (!saved.s || saved.s.values.length !== n() * n()) return false;
      S = Object.assign(fresh(), saved.s);
      past = saved.past || [];
      future = saved.future || [];
      return true;
    } catch (err) {
      return false;
    }
  }

  // a change the player can undo
  function change(fn) {
    const before = snapshot();
    fn();
    if (snapshot() === before) return;
    past.push(before);
    future = [];
    afterChange();
  }

  function afterChange() {
    wrongShown = [];
    hint = null; hintLevel = 0;
    $("hint").textContent = "";
    $("all-steps-list").textContent = "";
    $("apply").disabled = true;
    $("status").textContent = "";
    $("show-wrong").hidden = true;
    render();
    save();
    if (tab === "play") checkDone();
  }

  function undo() {
    if (tab === "set") { setUndo(); return; }
    if (!past.length) return;
    future.push(snapshot());
    restore(past.pop());
    afterChange();
  }

  function redo() {
    if (tab === "set") { setRedo(); return; }
    if (!future.length) return;
    past.push(snapshot());
    restore(future.pop());
    afterChange();
  }

  // -- the clock ---------------------------------------------------------------------------

  function syncClock() {
    if (!S || S.done || tab !== "play" || !tickFrom) return;
    const now = Date.now();
    S.elapsed += now - tickFrom;
    tickFrom = now;
  }

  function clockText(ms) {
    const s = Math.floor(ms / 1000), h = Math.floor(s / 3600), m = Math.floor(s / 60) % 60;
    const ss = String(s % 60).padStart(2, "0");
    return h ? `${h}:${String(m).padStart(2, "0")}:${ss}` : `${m}:${ss}`;
  }

  function tick() {
    if (!S) return;
    syncClock();
    $("timer").textContent = clockText(S.elapsed);
    $("hints-used").textContent = String(S.hints);
  }

  // -- what the rules say, from the sees-relation ---------------------------------------------

  function conflicts() {
    const out = new Set(), sees = P.layout.sees, arcs = P.layout.arcs || [];
    for (let c = 0; c < n() * n(); c++) {
      const v = value(c);
      if (!v) continue;
      for (const o of sees[c]) if (value(o) === v) { out.add(c); out.add(o); }
      // a relation (dot, thermometer, non-consecutive...) forbids these two digits together
      for (const [o, table] of arcs[c] || []) {
        const w = value(o);
        if (w && !((table[v - 1] >> (w - 1)) & 1)) { out.add(c); out.add(o); }
      }
    }
    return out;
  }

  // the digits no placed digit rules out (the candidates view when the player has no marks)
  function openDigits(c) {
    let m = all();
    for (const o of P.layout.sees[c]) if (value(o)) m &= ~(1 << (value(o) - 1));
    return m;
  }

  function candidatesOf(c) {
    return S.centre[c] || openDigits(c);
  }

  // -- the progress line the server reads ---------------------------------------------------

  function markedEverywhere() {
    for (let c = 0; c < n() * n(); c++) if (!value(c) && !S.centre[c]) return false;
    return true;
  }

  function progressLine(withMarks) {
    let out = "";
    for (let c = 0; c < n() * n(); c++) {
      if (!withMarks) { out += value(c) ? DIGITS[value(c) - 1] : "."; continue; }
      const m = value(c) ? 1 << (value(c) - 1) : S.centre[c];
      for (let d = 1; d <= n(); d++) out += m >> (d - 1) & 1 ? DIGITS[d - 1] : ".";
    }
    return out;
  }

  // -- drawing ---------------------------------------------------------------------------------

  function cellRect(svg, c, attrs) {
    const r = Math.floor(c / n()), col = c % n();
    return el("rect", Object.assign({ x: col * U, y: r * U, width: U, height: U }, attrs), svg);
  }

  const CORNER_AT = [[0.2, 0.2], [0.8, 0.2], [0.2, 0.8], [0.8, 0.8], [0.5, 0.2], [0.5, 0.8], [0.2, 0.5], [0.8, 0.5], [0.5, 0.5]];

  function render() {
    if (!P) return;
    const lay = P.layout;
    const box = $("board");
    box.textContent = "";
    const svg = D.newSvg(n(), box, lay);
    svg.setAttribute("aria-label", tab === "set" ? "the grid being set" : "the grid being played");
    const bad = conflicts();
    const focus = value(cursor);
    const stepView = tab === "play" && hint && hintLevel >= 3 && hint.view ? hint.view : null;
    if (stepView) for (const cells of stepView.house_cells) for (const c of cells) cellRect(svg, c, { class: "house-hl" });
    D.drawGrid(svg, lay, true);
    const under = el("g", { class: "cell-fills" }, svg);
    for (let c = 0; c < n() * n(); c++) {
      if (tab === "play" && S.colour[c]) cellRect(under, c, { fill: COLOURS[S.colour[c]], "fill-opacity": 0.55 });
      if (focus && value(c) === focus) cellRect(under, c, { class: "same-digit" });
      if (tab === "set" && analysis && analysis.differ_set && analysis.differ_set.has(c)) cellRect(under, c, { class: "differ" });
    }
    for (const c of sel) cellRect(under, c, { class: "selected" });
    cellRect(under, cursor, { class: "cursor" });
    const digits = el("g", { "text-anchor": "middle", "dominant-baseline": "central" }, svg);
    const roles = new Map();
    if (stepView) for (const [c, d, role] of stepView.marks) roles.set(c * 64 + d, role);
    const redundant = tab === "set" && analysis && analysis.minimality ? new Set(analysis.minimality.redundant.map(index)) : new Set();
    for (let c = 0; c < n() * n(); c++) {
      const [x, y] = D.centre(c, n());
      const v = value(c);
      if (v) {
        let cls = given(c) ? "given" : "placed";
        if (bad.has(c)) cls += " conflict";
        if (wrongShown.includes(c)) cls += " wrong";
        if (redundant.has(c)) cls += " redundant";
        el("text", { x: x, y: y + 2, "font-size": U * 0.62, class: cls, "data-cell": c }, digits, DIGITS[v - 1]);
        continue;
      }
      if (tab === "set") {
        const tc = analysis && analysis.true_candidates ? analysis.true_candidates[c] : null;
        if (tc) drawCands(digits, c, tc.reduce((m, d) => m | 1 << (d - 1), 0), roles, "true-cand");
        continue;
      }
      if (view === "candidates" || stepView) {
        drawCands(digits, c, stepView && hint.cands && !S.centre[c] ? hint.cands[c] : candidatesOf(c), roles, "cand");
        continue;
      }
      if (S.centre[c]) {
        const text = bits(S.centre[c]).map((d) => DIGITS[d - 1]).join("");
        const size = text.length > 5 ? U * 0.17 : U * 0.24;
        el("text", { x: x, y: y + 1, "font-size": size, class: "centre-mark" }, digits, text);
      }
      bits(S.corner[c]).slice(0, 9).forEach((d, i) => {
        const r = Math.floor(c / n()), col = c % n();
        el("text", {
          x: col * U + CORNER_AT[i][0] * U, y: r * U + CORNER_AT[i][1] * U + 1,
          "font-size": U * 0.22, class: "corner-mark",
        }, digits, DIGITS[d - 1]);
      });
    }
    if (stepView && stepView.links.length) D.drawLinks(svg, stepView.links, lay);
    if (view === "levels") drawLevels();
    $("levels").hidden = view !== "levels";
    $("undo").disabled = tab === "play" ? !past.length : !setPast.length;
    $("redo").disabled = tab === "play" ? !future.length : !setFuture.length;
    tick();
  }

  function drawCands(layer, c, mask, roles, cls) {
    const lay = P.layout;
    const slot = Math.min(U / lay.slots[0], U / lay.slots[1]);
    const fit = D.candidateScale(c, lay);
    for (const d of bits(mask)) {
      const [cx, cy] = D.slotXY(c, d, lay);
      const role = roles.get(c * 64 + d);
      if (role) el("circle", { cx: cx, cy: cy, r: slot * 0.46 * fit, class: "hl-" + role }, layer);
      el("text", { x: cx, y: cy + 1, "font-size": slot * 0.78 * fit, class: role ? `cand role role-${role}` : cls }, layer, DIGITS[d - 1]);
    }
  }

  // the nine levels: a determined cell solid, a possible one grey, an excluded one blank
  function drawLevels() {
    const box = $("levels");
    box.textContent = "";
    for (let d = 1; d <= n(); d++) {
      const fig = document.createElement("figure");
      const svg = D.newSvg(n(), fig);
      svg.setAttribute("aria-label", `level of digit ${DIGITS[d - 1]}`);
      for (let c = 0; c < n() * n(); c++) {
        const r = Math.floor(c / n()), col = c % n();
        if (value(c) === d) {
          el("rect", { x: col * U, y: r * U, width: U, height: U, class: "lvl-on" }, svg);
        } else if (!value(c) && candidatesOf(c) >> (d - 1) & 1) {
          el("rect", { x: col * U + 4, y: r * U + 4, width: U - 8, height: U - 8, class: "lvl-maybe" }, svg);
        }
      }
      D.drawGrid(svg, P.layout, false);
      const cap = document.createElement("figcaption");
      cap.textContent = DIGITS[d - 1];
      fig.appendChild(cap);
      box.appendChild(fig);
    }
  }

  // -- entering ----------------------------------------------------------------------------

  function targets() {
    return (sel.length ? sel : [cursor]).filter((c) => !given(c));
  }

  function enter(d, how) {
    if (tab === "set") { setGiven(d); return; }
    if (S.done) return;
    const cells = targets();
    if (!cells.length) return;
    change(() => {
      if (how === "digit") {
        const same = cells.every((c) => S.values[c] === d);
        for (const c of cells) S.values[c] = same ? 0 : d;
        if (!same && $("auto-remove").checked) {
          const bit = 1 << (d - 1);
          for (const c of cells) for (const o of P.layout.sees[c]) { S.centre[o] &= ~bit; S.corner[o] &= ~bit; }
        }
      } else if (how === "colour") {
        const same = cells.every((c) => S.colour[c] === d);
        for (const c of cells) S.colour[c] = same ? 0 : d;
      } else {
        const key = how === "corner" ? "corner" : "centre";
        const bit = 1 << (d - 1);
        const open = cells.filter((c) => !S.values[c]);
        const every = open.every((c) => S[key][c] & bit);
        for (const c of open) S[key][c] = every ? S[key][c] & ~bit : S[key][c] | bit;
      }
    });
  }

  function erase() {
    if (tab === "set") { setGiven(0); return; }
    if (S.done) return;
    const cells = targets();
    change(() => {
      if (cells.some((c) => S.values[c])) for (const c of cells) S.values[c] = 0;
      else if (cells.some((c) => S.corner[c] || S.centre[c])) for (const c of cells) { S.corner[c] = 0; S.centre[c] = 0; }
      else for (const c of cells) S.colour[c] = 0;
    });
  }

  function fillCandidates() {
    change(() => {
      for (let c = 0; c < n() * n(); c++) if (!value(c)) S.centre[c] = openDigits(c);
    });
  }

  // -- selecting -----------------------------------------------------------------------------

  function select(c, add) {
    if (c < 0) return;
    if (!add) sel = [];
    if (!sel.includes(c)) sel.push(c);
    cursor = c;
    render();
  }

  function move(dr, dc, add) {
    const r = (Math.floor(cursor / n()) + dr + n()) % n(), c = (cursor % n() + dc + n()) % n();
    select(r * n() + c, add);
  }

  function cellAt(event) {
    const svg = $("board").querySelector("svg");
    if (!svg) return -1;
    const pt = svg.createSVGPoint();
    pt.x = event.clientX; pt.y = event.clientY;
    const p = pt.matrixTransform(svg.getScreenCTM().inverse());
    const c = Math.floor(p.x / U), r = Math.floor(p.y / U);
    return r >= 0 && r < n() && c >= 0 && c < n() ? r * n() + c : -1;
  }

  // -- asking the server -----------------------------------------------------------------------

  async function check() {
    const full = progressLine(false);
    try {
      const answer = await post("/api/analyze", { puzzle: P.puzzle, progress: full, level: 0, rate: false });
      const wrong = answer.wrong.map(index);
      if (answer.solutions === 0) $("status").textContent = "The puzzle has no solution.";
      else if (!wrong.length) $("status").textContent = "No placed digit is wrong so far.";
      else {
        $("status").textContent = `${wrong.length} placed digit${wrong.length > 1 ? "s are" : " is"} wrong.`;
        $("show-wrong").hidden = false;
        $("show-wrong").onclick = () => { wrongShown = wrong; $("show-wrong").hidden = true; render(); };
      }
    } catch (err) { $("status").textContent = err.message; }
  }

  async function askHint(level) {
    const marks = markedEverywhere();
    const line = progressLine(marks);
    try {
      if (!hint || hintFor !== line) {
        hint = (await post("/api/analyze", { puzzle: P.puzzle, progress: line, level: 3, rate: false })).hint;
        hintFor = line;
        hintLevel = 0;
        S.hints += 1;
        save();
      }
      if (!hint) { $("hint").textContent = "The puzzle has no solution, so there is no hint."; return; }
      hintLevel = Math.max(hintLevel, level);
      $("hint").textContent = hint.texts[level - 1];
      $("apply").disabled = hint.kind !== "step";
      render();
    } catch (err) { $("hint").textContent = err.message; }
  }

  // every step each technique sees on the player's grid (POST /api/hint with "all"); a step
  // picked from the list becomes the hint, shown whole, and Apply carries it out
  async function allSteps() {
    const box = $("all-steps-list");
    const cands = [], values = [];
    for (let c = 0; c < n() * n(); c++) {
      values.push(value(c));
      cands.push(value(c) ? 1 << (value(c) - 1) : candidatesOf(c));
    }
    const line = progressLine(markedEverywhere());
    box.textContent = "looking...";
    let answer;
    try {
      answer = await post("/api/hint", { puzzle: P.puzzle, values: values, candidates: cands, all: true });
    } catch (err) {
      box.textContent = err.message;
      return;
    }
    S.hints += 1;
    save();
    D.listSteps(box, answer, (step) => {
      hint = { kind: "step", texts: step.view.hints, step: step, view: step.view, cands: cands };
      hintFor = line;
      hintLevel = 3;
      $("hint").textContent = step.view.hints[2];
      $("apply").disabled = false;
      render();
    });
  }

  // carry the hint's step out on the player's marks (filled in from the board it was found on)
  function applyHint() {
    if (!hint || hint.kind !== "step" || !hint.step) return;
    const step = hint.step, cands = hint.cands;
    change(() => {
      for (let c = 0; c < n() * n(); c++) if (!value(c) && !S.centre[c] && cands) S.centre[c] = cands[c];
      for (const [cellName, d] of step.eliminations) {
        const c = index(cellName);
        if (!value(c)) S.centre[c] &= ~(1 << (d - 1));
      }
      for (const [cellName, d] of step.placements) {
        const c = index(cellName);
        S.values[c] = d;
        if ($("auto-remove").checked) for (const o of P.layout.sees[c]) S.centre[o] &= ~(1 << (d - 1));
      }
    });
  }

  async function checkDone() {
    for (let c = 0; c < n() * n(); c++) if (!value(c)) return;
    if (conflicts().size || S.done) return;
    try {
      const answer = await post("/api/analyze", { puzzle: P.puzzle, progress: progressLine(false), level: 0, extra_time: 10 });
      if (answer.wrong.length || answer.solutions === 0) {
        $("status").textContent = "The grid is full, but not right yet.";
        return;
      }
      syncClock();
      const r = answer.rating;
      S.done = {
        time: S.elapsed, hints: S.hints,
        rating: r ? (r.er !== undefined && r.er !== null ? `ER ${r.er} (${r.se_hardest}); ` : "") + `${r.hardest || "singles"}, ${r.level || "Easy"}`
          : answer.solutions > 1 ? "none (the puzzle is not unique)" : "not rated in time",
      };
      save();
      showDone();
    } catch (err) { $("status").textContent = err.message; }
  }

  function showDone() {
    const box = $("done");
    box.hidden = !S.done;
    if (!S.done) return;
    box.textContent = "";
    const h = document.createElement("h2");
    h.textContent = "Solved!";
    const p = document.createElement("p");
    p.id = "done-summary";
    p.textContent = `time ${clockText(S.done.time)} · rating ${S.done.rating} · hints used ${S.done.hints}`;
    box.append(h, p);
  }

  // -- a link that carries the grid ---------------------------------------------------------------

  function shareLink() {
    syncClock();
    const state = btoa(unescape(encodeURIComponent(JSON.stringify(S))));
    const url = new URL("/play", location.href);
    url.searchParams.set("puzzle", P.line && !P.puzzle.constraints.length && P.layout.size === 9 ? P.line : JSON.stringify(P.puzzle));
    url.searchParams.set("state", state);
    $("share-link").value = url.href;
    $("share-link").select();
    return url.href;
  }

  // -- set mode ---------------------------------------------------------------------------------

  let setPast = [], setFuture = [];

  function givensText(givens) {
    return givens.map((d) => (d ? DIGITS[d - 1] : ".")).join("");
  }

  function editPuzzle(fn) {
    const before = JSON.stringify(P.puzzle);
    const next = JSON.parse(before);
    fn(next);
    if (JSON.stringify(next) === before) return;
    setPast.push(before);
    setFuture = [];
    reanalyse(next, before);
  }

  function setUndo() {
    if (!setPast.length) return;
    setFuture.push(JSON.stringify(P.puzzle));
    reanalyse(JSON.parse(setPast.pop()), null);
  }

  function setRedo() {
    if (!setFuture.length) return;
    setPast.push(JSON.stringify(P.puzzle));
    reanalyse(JSON.parse(setFuture.pop()), null);
  }

  function setGiven(d) {
    const cells = sel.length ? sel : [cursor];
    editPuzzle((pz) => {
      const g = pz.givens.split("");
      for (const c of cells) g[c] = d ? DIGITS[d - 1] : ".";
      pz.givens = g.join("");
    });
  }

  function wholeGridRules(pz) {
    return pz.constraints.filter((r) => !r.cells && !r.regions && !r.circle && !r.clue);
  }

  function outsideClue(cells) {
    const rc = (c) => [Math.floor(c / n()), c % n()];
    const [r0, c0] = rc(cells[0]);
    if (cells.length < 2) return null;
    const [r1, c1] = rc(cells[1]);
    const dr = r1 - r0, dc = c1 - c0;
    if (Math.abs(dr) !== 1 || Math.abs(dc) !== 1) return null;
    const dir = (dr > 0 ? "D" : "U") + (dc > 0 ? "R" : "L");
    return { clue: `r${r0 - dr + 1}c${c0 - dc + 1}`, direction: dir };
  }

  function addRule() {
    const tool = $("tool").value;
    const cells = sel.slice();
    const raw = $("rule-value").value.trim();
    const num = raw === "" ? null : Number(raw);
    if (raw !== "" && !Number.isInteger(num)) { showError(`"${raw}" is not a whole number`); return; }
    if (!cells.length) { showError("select cells first (click, Shift-click or drag)"); return; }
    const names = cells.map(name);
    if (tool === "jigsaw") {
      if (cells.length !== n()) { showError(`a jigsaw region has ${n()} cells, not ${cells.length}`); return; }
      jigsaw.push(names);
      showJigsaw();
      if (jigsaw.length < n()) { sel = []; render(); return; }
      const regions = jigsaw;
      jigsaw = [];
      showJigsaw();
      editPuzzle((pz) => {
        pz.constraints = pz.constraints.filter((r) => r.type !== "regions");
        pz.constraints.push({ type: "regions", regions: regions });
      });
      return;
    }
    let rule = null;
    if (tool === "killer") rule = { type: "killer", cells: names, sum: num };
    else if (tool === "thermo") rule = { type: "thermo", cells: names };
    else if (tool === "arrow") rule = { type: "arrow", circle: [names[0]], line: names.slice(1) };
    else if (tool === "difference") rule = { type: "difference", cells: names, value: num || 1 };
    else if (tool === "ratio") rule = { type: "ratio", cells: names, value: num || 2 };
    else if (tool === "x") rule = { type: "xv", cells: names, sum: 10 };
    else if (tool === "v") rule = { type: "xv", cells: names, sum: 5 };
    else if (tool === "extra_region") rule = { type: "extra_region", cells: names };
    else if (tool === "little_killer") {
      const at = outsideClue(cells);
      if (!at) { showError("a little killer runs along a diagonal: select its cells from the clue's end"); return; }
      if (num === null) { showError("a little killer needs its sum"); return; }
      rule = { type: "little_killer", clue: at.clue, direction: at.direction, cells: names, sum: num };
    }
    showError("");
    editPuzzle((pz) => pz.constraints.push(rule));
  }

  function showJigsaw() {
    $("jigsaw-note").hidden = !jigsaw.length;
    $("jigsaw-note").textContent = `jigsaw: ${jigsaw.length} of ${P ? n() : 9} regions drawn; the rule is added with the last one`;
  }

  function removeRules() {
    const names = new Set(sel.map(name));
    editPuzzle((pz) => {
      pz.constraints = pz.constraints.filter((r) => {
        const cells = [].concat(r.cells || [], r.circle || [], r.line || [], ...(r.regions || []));
        return !cells.some((x) => names.has(x));
      });
    });
  }

  function toggleWholeGrid(box) {
    const [type, direction] = box.value.split(":");
    editPuzzle((pz) => {
      const same = (r) => r.type === type && (!direction || r.direction === direction);
      pz.constraints = pz.constraints.filter((r) => !same(r));
      if (box.checked) pz.constraints.push(direction ? { type: type, direction: direction } : { type: type });
    });
  }

  // analyse a new puzzle; a 400 (a rule that cannot be) puts back the one before
  // (``more``: the second ask, with time for the rating and minimality the first left out)
  async function reanalyse(pz, before, more) {
    if (inflight) inflight.abort();
    const ctrl = new AbortController();
    inflight = ctrl;
    $("analysis").setAttribute("aria-busy", "true");
    try {
      const body = { puzzle: pz, layout: true, minimality: true, client: CLIENT, level: 0 };
      if (more) body.extra_time = 10;
      const answer = await post("/api/analyze", body, ctrl.signal);
      if (inflight !== ctrl) return;
      P.puzzle = pz;
      P.layout = answer.layout;
      P.givens = answer.givens;
      P.line = givensText(answer.givens);
      prepare(P.layout);
      analysis = answer;
      analysis.differ_set = new Set(answer.differ.map(index));
      showError("");
      showAnalysis();
      render();
      if (!more && answer.incomplete && answer.incomplete.length) {
        addRow("still working on", answer.incomplete.join(" and "), "working");
        inflight = null;
        reanalyse(pz, null, true);
        return;
      }
    } catch (err) {
      if (err.name === "AbortError" || inflight !== ctrl) return;
      if (err.status === 400 && before !== null) {
        setPast.pop();
        showError(err.message);
      } else if (err.status === 503) {
        P.puzzle = pz;
        analysis = null;
        $("analysis").textContent = "";
        addRow("solutions", "still counting when the time ran out");
      } else showError(err.message);
      render();
    } finally {
      if (inflight === ctrl) { inflight = null; $("analysis").removeAttribute("aria-busy"); }
    }
  }

  function addRow(k, v, id) {
    const dt = document.createElement("dt");
    dt.textContent = k;
    const dd = document.createElement("dd");
    dd.textContent = v;
    if (id) dd.id = id;
    $("analysis").append(dt, dd);
  }

  function showAnalysis() {
    const a = analysis;
    $("analysis").textContent = "";
    const count = a.solutions === 0 ? "none" : a.solutions === 1 ? "1 (unique)" : "2 or more";
    addRow("solutions", count, "count");
    if (a.solutions > 1) addRow("they differ in", a.differ.join(" "));
    const marked = a.true_candidates.reduce((k, cs) => k + (cs.length > 1 ? 1 : 0), 0);
    addRow("true candidates", a.solutions ? `${marked} cell${marked === 1 ? "" : "s"} still open (the marks on the grid)` : "none", "true-count");
    if (a.rating) {
      const r = a.rating;
      if (r.er !== undefined && r.er !== null) addRow("SE rating", `ER ${r.er} / EP ${r.ep} / ED ${r.ed}`, "er");
      addRow("hardest", `${r.hardest || "singles"} (${r.level || "Easy"})`, "hardest");
      addRow("guesses", String(r.guesses));
    }
    const m = a.minimality && (a.minimality.complete || a.solutions !== 1) ? a.minimality : null;
    if (m && a.solutions === 1) {
      addRow("minimal", m.redundant.length ? `no: ${m.redundant.length} given(s) could go (italic on the grid): ${m.redundant.join(" ")}` : "yes: every given is needed");
    } else if (m && a.solutions > 1) {
      addRow("one more given", m.completing.length ? m.completing.slice(0, 12).map(([c, d]) => `${c}=${d}`).join(" ") + (m.completing.length > 12 ? " ..." : "") : "none makes it unique");
    }
    addRow("time", `${a.ms} ms`);
    for (const box of document.querySelectorAll("#whole-grid input")) {
      const [type, direction] = box.value.split(":");
      box.checked = P.puzzle.constraints.some((r) => r.type === type && (!direction || r.direction === direction));
    }
  }

  async function exportAs(kind) {
    try {
      const out = await post("/api/export", { puzzle: P.puzzle });
      $("export").value = out[kind];
      $("export").select();
    } catch (err) { showError(err.message); }
  }

  // -- tabs and loading ---------------------------------------------------------------------------

  function showTab() {
    $("tab-play").setAttribute("aria-pressed", String(tab === "play"));
    $("tab-set").setAttribute("aria-pressed", String(tab === "set"));
    $("play-panel").hidden = tab !== "play";
    $("set-panel").hidden = tab !== "set";
    for (const node of document.querySelectorAll(".play-only")) node.hidden = tab !== "play";
    document.body.classList.toggle("setting", tab === "set");
  }

  function setTab(which) {
    if (!P || which === tab) return;
    syncClock();
    save();
    tab = which;
    showTab();
    if (tab === "set") {
      setPast = []; setFuture = [];
      reanalyse(P.puzzle, null);
    } else {
      startPlay(null); // the puzzle as set now is the one to play
    }
    render();
  }

  function prepare(lay) {
    lay.labelled = D.labelledCells(lay);
    lay.inset = (lay.constraints || []).some((c) => c.type === "killer" || c.type === "cage") ? 5 : 0;
    D.drawLegend(lay);
  }

  function startPlay(state) {
    S = null; past = []; future = [];
    if (state) {
      try {
        S = Object.assign(fresh(), JSON.parse(decodeURIComponent(escape(atob(state)))));
      } catch (err) { showError("the link's grid could not be read; starting afresh"); }
    }
    if (!S && !loadSaved()) S = fresh();
    hint = null; hintLevel = 0; wrongShown = [];
    $("hint").textContent = "";
    $("status").textContent = "";
    showDone();
    tickFrom = Date.now();
  }

  async function load(text, rules, state, startTab) {
    showError("");
    try {
      const answer = await post("/api/load", { puzzle: text, rules: rules || "" });
      P = answer;
      prepare(P.layout);
      $("game").hidden = false;
      $("pad").textContent = "";
      for (let d = 1; d <= n(); d++) {
        const b = document.createElement("button");
        b.type = "button";
        b.textContent = DIGITS[d - 1];
        b.addEventListener("click", () => { enter(d, entry); $("board").focus(); });
        $("pad").appendChild(b);
      }
      sel = []; cursor = 0;
      tab = "play";
      startPlay(state);
      showTab();
      render();
      if (startTab === "set") setTab("set");
      $("board").focus();
    } catch (err) { showError(err.message); }
  }

  // -- wiring ------------------------------------------------------------------------------------

  function digitOf(e) {
    const m = /^(?:Digit|Numpad)(\d)$/.exec(e.code || "");
    if (m) return Number(m[1]);
    if (/^[1-9]$/.test(e.key)) return Number(e.key);
    return 0;
  }

  function onKey(e) {
    if (!P) return;
    const t = e.target;
    if (t.tagName === "TEXTAREA" || (t.tagName === "INPUT" && t.type === "text") || t.tagName === "SELECT") {
      if (t.id === "rule-value" && e.key === "Enter") { addRule(); e.preventDefault(); }
      return;
    }
    const ctrl = e.ctrlKey || e.metaKey;
    const k = e.key.length === 1 ? e.key.toLowerCase() : e.key;
    const d = digitOf(e);
    if (ctrl && k === "z") { if (e.shiftKey) redo(); else undo(); }
    else if (ctrl && k === "y") redo();
    else if (d >= 1 && d <= n()) enter(d, e.shiftKey ? "corner" : ctrl ? "centre" : entry);
    else if (d === 0 && /^(?:Digit|Numpad)0$/.test(e.code || "") && !ctrl) erase();
    else if (k === "Backspace" || k === "Delete") erase();
    else if (k === "ArrowUp") move(-1, 0, e.shiftKey || ctrl);
    else if (k === "ArrowDown") move(1, 0, e.shiftKey || ctrl);
    else if (k === "ArrowLeft") move(0, -1, e.shiftKey || ctrl);
    else if (k === "ArrowRight") move(0, 1, e.shiftKey || ctrl);
    else if (k === "Escape") { sel = []; render(); }
    else if (!ctrl && "zxcv".includes(k) && k.length === 1) setEntry({ z: "digit", x: "corner", c: "centre", v: "colour" }[k]);
    else if (!ctrl && k === "l") setView(view === "levels" ? "game" : "levels");
    else return;
    e.preventDefault();
  }

  function setEntry(mode) {
    entry = mode;
    document.querySelector(`input[name=entry][value=${mode}]`).checked = true;
  }

  function setView(v) {
    view = v;
    document.querySelector(`input[name=view][value=${v}]`).checked = true;
    render();
  }

  function init() {
    document.addEventListener("keydown", onKey);
    const board = $("board");
    board.addEventListener("mousedown", (e) => {
      const c = cellAt(e);
      if (c < 0) return;
      dragging = true;
      const add = e.shiftKey || e.ctrlKey || e.metaKey;
      if (add && (e.ctrlKey || e.metaKey) && sel.includes(c)) { sel = sel.filter((x) => x !== c); render(); }
      else select(c, add);
      board.focus();
      e.preventDefault();
    });
    board.addEventListener("mousemove", (e) => {
      if (!dragging) return;
      const c = cellAt(e);
      if (c >= 0 && !sel.includes(c)) select(c, true);
    });
    document.addEventListener("mouseup", () => { dragging = false; });
    for (const r of document.querySelectorAll("input[name=entry]")) r.addEventListener("change", (e) => setEntry(e.target.value));
    for (const r of document.querySelectorAll("input[name=view]")) r.addEventListener("change", (e) => setView(e.target.value));
    $("undo").addEventListener("click", undo);
    $("redo").addEventListener("click", redo);
    $("erase").addEventListener("click", erase);
    $("check").addEventListener("click", check);
    $("fill").addEventListener("click", fillCandidates);
    $("apply").addEventListener("click", applyHint);
    $("all-steps").addEventListener("click", allSteps);
    for (const b of document.querySelectorAll(".hint-box button[data-level]")) b.addEventListener("click", () => askHint(Number(b.dataset.level)));
    $("share").addEventListener("click", shareLink);
    $("tab-play").addEventListener("click", () => setTab("play"));
    $("tab-set").addEventListener("click", () => setTab("set"));
    $("add-rule").addEventListener("click", addRule);
    $("remove-rules").addEventListener("click", removeRules);
    for (const box of document.querySelectorAll("#whole-grid input")) box.addEventListener("change", () => toggleWholeGrid(box));
    for (const b of document.querySelectorAll("[data-export]")) b.addEventListener("click", () => exportAs(b.dataset.export));
    $("load").addEventListener("click", () => load($("puzzle").value, $("rules").value));
    $("blank").addEventListener("click", () => load(".".repeat(81), $("rules").value, null, "set"));
    document.addEventListener("dragover", (e) => e.preventDefault());
    document.addEventListener("drop", (e) => {
      e.preventDefault();
      const file = e.dataTransfer && e.dataTransfer.files[0];
      if (!file) return;
      file.text().then((text) => { $("puzzle").value = text; load(text, $("rules").value); });
    });
    window.addEventListener("beforeunload", save);
    // the clock stops while the page is hidden (another tab, a minimised window)
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) { syncClock(); tickFrom = 0; save(); } else tickFrom = Date.now();
    });
    setInterval(() => { if (P && tab === "play" && !S.done) { tick(); save(); } }, 1000);
    // ?puzzle=...&rules=...&state=...&mode=set
    const params = new URLSearchParams(location.search);
    if (params.get("puzzle")) {
      $("puzzle").value = params.get("puzzle");
      $("rules").value = params.get("rules") || "";
      load(params.get("puzzle"), params.get("rules"), params.get("state"), params.get("mode"));
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
