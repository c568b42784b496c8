// yass web: step through an explained solve. Plain JavaScript, no download at run time.
// The data is an answer of POST /api/explain (or embedded by `yass explain --html`):
// the steps, and the board before each step (`states`), so no solving happens here.
"use strict";

(function () {
  const SVG = "http://www.w3.org/2000/svg";
  const U = 60; // one cell, in SVG units
  const DIGITS = "123456789ABCDEFG";
  const $ = (id) => document.getElementById(id);

  let data = null; // the explain answer
  let pos = 0; // boards shown: states[pos]; the step about to be taken: steps[pos]
  let mode = "pencil";

  function el(tag, attrs, parent, text) {
    const node = document.createElementNS(SVG, tag);
    for (const k in attrs) node.setAttribute(k, attrs[k]);
    if (text !== undefined) node.textContent = text;
    if (parent) parent.appendChild(node);
    return node;
  }

  function showError(message) {
    const box = $("error");
    box.textContent = message;
    box.hidden = !message;
  }

  // -- geometry -------------------------------------------------------------------------

  function cellIndex(name, n) {
    const m = /^r(\d+)c(\d+)$/.exec(String(name));
    return m ? (Number(m[1]) - 1) * n + Number(m[2]) - 1 : -1;
  }

  function centre(cell, n) {
    const r = Math.floor(cell / n), c = cell % n;
    return [c * U + U / 2, r * U + U / 2];
  }

  function slotXY(cell, digit, lay) {
    const n = lay.size, rows = lay.slots[0], cols = lay.slots[1];
    const r = Math.floor(cell / n), c = cell % n;
    const i = digit - 1;
    return [c * U + ((i % cols) + 0.5) * U / cols, r * U + (Math.floor(i / cols) + 0.5) * U / rows];
  }

  // -- drawing: the parts every view shares ----------------------------------------------

  function drawGrid(svg, lay, withRules) {
    const n = lay.size, reg = lay.regions;
    for (const house of lay.extra) {
      if (house.kind.endsWith("diagonal")) continue;
      for (const cell of house.cells) {
        const r = Math.floor(cell / n), c = cell % n;
        el("rect", { x: c * U, y: r * U, width: U, height: U, class: "extra-region" }, svg);
      }
    }
    const thin = el("g", { class: "thin" }, svg);
    for (let i = 1; i < n; i++) {
      el("line", { x1: i * U, y1: 0, x2: i * U, y2: n * U }, thin);
      el("line", { x1: 0, y1: i * U, x2: n * U, y2: i * U }, thin);
    }
    for (const house of lay.extra) {
      if (!house.kind.endsWith("diagonal")) continue;
      const a = centre(house.cells[0], n), b = centre(house.cells[house.cells.length - 1], n);
      el("line", { x1: a[0], y1: a[1], x2: b[0], y2: b[1], class: "diag" }, svg);
    }
    if (withRules) drawRules(svg, lay);
    let d = "";
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) {
        const here = reg[r * n + c];
        if (c + 1 < n && reg[r * n + c + 1] !== here) d += `M${(c + 1) * U} ${r * U}v${U}`;
        if (r + 1 < n && reg[(r + 1) * n + c] !== here) d += `M${c * U} ${(r + 1) * U}h${U}`;
      }
    }
    el("path", { d: d, class: "wall" }, svg);
    el("rect", { x: 0, y: 0, width: n * U, height: n * U, class: "wall" }, svg);
  }

  const LINE_COLOURS = {
    thermo: "#9a9a9a", slow_thermo: "#9a9a9a", palindrome: "#a64ac9", whispers: "#3aa655",
    nabner: "#e0b000", renban: "#e05fa0", zipper: "#5f8fe0", entropic_line: "#e08a3a",
    region_sum_line: "#3ab0c9", arrow: "#9a9a9a", between: "#9a9a9a",
  };

  function drawRules(svg, lay) {
    const n = lay.size;
    const layer = el("g", {}, svg);
    for (const rule of lay.constraints) {
      const cells = Array.isArray(rule.cells) ? rule.cells.map((x) => cellIndex(x, n)) : [];
      if (cells.some((x) => x < 0)) continue;
      const type = rule.type;
      if ((type === "odd" || type === "even") && cells.length) {
        for (const cell of cells) {
          const [x, y] = centre(cell, n);
          if (type === "odd") el("circle", { cx: x, cy: y, r: U * 0.4, class: "parity" }, layer);
          else el("rect", { x: x - U * 0.38, y: y - U * 0.38, width: U * 0.76, height: U * 0.76, class: "parity" }, layer);
        }
      } else if ((type === "difference" || type === "ratio" || type === "xv") && cells.length === 2) {
        const a = centre(cells[0], n), b = centre(cells[1], n);
        const x = (a[0] + b[0]) / 2, y = (a[1] + b[1]) / 2;
        if (type === "xv") {
          const label = rule.sum === 5 ? "V" : rule.sum === 10 ? "X" : String(rule.sum);
          el("rect", { x: x - 9, y: y - 10, width: 18, height: 20, fill: "#fff" }, layer);
          el("text", { x: x, y: y + 1, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 18, class: "xv" }, layer, label);
        } else {
          el("circle", { cx: x, cy: y, r: 7, class: type === "ratio" ? "dot-black" : "dot-white" }, layer);
        }
      } else if ((type === "killer" || type === "cage") && cells.length) {
        drawCage(layer, cells, rule.sum !== undefined ? rule.sum : rule.value, n);
      } else if (cells.length >= 2 && LINE_COLOURS[type]) {
        const pts = cells.map((cell) => centre(cell, n).join(",")).join(" ");
        el("polyline", { points: pts, class: "rule-line", stroke: LINE_COLOURS[type], "stroke-width": U * 0.2 }, layer);
        if (type === "thermo" || type === "slow_thermo") {
          const [x, y] = centre(cells[0], n);
          el("circle", { cx: x, cy: y, r: U * 0.3, class: "bulb" }, layer);
        }
      }
    }
  }

  function drawCage(layer, cells, total, n) {
    const inside = new Set(cells), m = 5;
    let d = "";
    for (const cell of cells) {
      const r = Math.floor(cell / n), c = cell % n, x = c * U, y = r * U;
      if (r === 0 || !inside.has(cell - n)) d += `M${x + m} ${y + m}H${x + U - m}`;
      if (r === n - 1 || !inside.has(cell + n)) d += `M${x + m} ${y + U - m}H${x + U - m}`;
      if (c === 0 || !inside.has(cell - 1)) d += `M${x + m} ${y + m}V${y + U - m}`;
      if (c === n - 1 || !inside.has(cell + 1)) d += `M${x + U - m} ${y + m}V${y + U - m}`;
    }
    el("path", { d: d, fill: "none", stroke: "#555", "stroke-width": 1.2, "stroke-dasharray": "4 3" }, layer);
    if (total !== undefined && total !== null) {
      const first = Math.min(...cells);
      const x = (first % n) * U, y = Math.floor(first / n) * U;
      el("rect", { x: x + 2, y: y + 2, width: 16, height: 12, fill: "#fff" }, layer);
      el("text", { x: x + 3, y: y + 12, "font-size": 11, fill: "#333" }, layer, String(total));
    }
  }

  function newSvg(n, parent) {
    const pad = 3;
    const svg = el("svg", {
      viewBox: `${-pad} ${-pad} ${n * U + 2 * pad} ${n * U + 2 * pad}`,
      role: "img",
    });
    el("rect", { x: 0, y: 0, width: n * U, height: n * U, class: "cell-bg" }, svg);
    parent.appendChild(svg);
    return svg;
  }

  // -- the candidate view ----------------------------------------------------------------

  function drawBoard() {
    const lay = data.layout, n = lay.size;
    const state = data.states[pos];
    const view = pos < data.views.length ? data.views[pos] : null;
    const box = $("board");
    box.textContent = "";
    const svg = newSvg(n, box);
    svg.setAttribute("aria-label", `the grid after ${pos} steps`);
    if (view) {
      for (const cells of view.house_cells) {
        for (const cell of cells) {
          const r = Math.floor(cell / n), c = cell % n;
          el("rect", { x: c * U, y: r * U, width: U, height: U, class: "house-hl" }, svg);
        }
      }
    }
    drawGrid(svg, lay, true);
    const roles = new Map();
    if (view) for (const [cell, digit, role] of view.marks) roles.set(cell * 64 + digit, role);
    const slot = Math.min(U / lay.slots[0], U / lay.slots[1]);
    const small = slot * 0.78;
    const digits = el("g", { "text-anchor": "middle", "dominant-baseline": "central" }, svg);
    for (let cell = 0; cell < n * n; cell++) {
      const value = state.values[cell];
      const [x, y] = centre(cell, n);
      if (value) {
        const given = data.givens[cell] !== 0;
        el("text", {
          x: x, y: y + 2, "font-size": U * 0.62, class: given ? "given" : "placed",
          "data-cell": cell,
        }, digits, DIGITS[value - 1]);
        continue;
      }
      const mask = state.cands[cell];
      for (let d = 1; d <= n; d++) {
        if (!(mask >> (d - 1) & 1)) continue;
        const [cx, cy] = slotXY(cell, d, lay);
        const role = roles.get(cell * 64 + d);
        if (role) el("circle", { cx: cx, cy: cy, r: slot * 0.46, class: "hl-" + role }, digits);
        el("text", {
          x: cx, y: cy + 1, "font-size": small,
          class: role ? `cand role role-${role}` : "cand",
        }, digits, DIGITS[d - 1]);
      }
    }
    if (view && view.links.length) drawLinks(svg, view.links, lay);
  }

  function nodeXY(cells, digit, lay) {
    let sx = 0, sy = 0;
    for (const cell of cells) {
      const [x, y] = slotXY(cell, digit, lay);
      sx += x; sy += y;
    }
    return [sx / cells.length, sy / cells.length];
  }

  function drawLinks(svg, links, lay) {
    const defs = el("defs", {}, svg);
    const marker = el("marker", {
      id: "arrow", viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5,
      orient: "auto-start-reverse",
    }, defs);
    el("path", { d: "M0 0L10 5L0 10z", fill: "var(--link)" }, marker);
    const layer = el("g", {}, svg);
    for (const [ca, da, cb, db, strong] of links) {
      const a = nodeXY(ca, da, lay), b = nodeXY(cb, db, lay);
      const dx = b[0] - a[0], dy = b[1] - a[1];
      const len = Math.hypot(dx, dy) || 1;
      const cut = Math.min(7, len / 3);
      const x1 = a[0] + dx / len * cut, y1 = a[1] + dy / len * cut;
      const x2 = b[0] - dx / len * cut, y2 = b[1] - dy / len * cut;
      // a slight bend keeps links along one line apart from the candidates between
      const mx = (x1 + x2) / 2 - dy / len * Math.min(12, len / 6);
      const my = (y1 + y2) / 2 + dx / len * Math.min(12, len / 6);
      el("path", {
        d: `M${x1} ${y1}Q${mx} ${my} ${x2} ${y2}`, class: strong ? "link strong" : "link weak",
        "marker-end": "url(#arrow)",
      }, layer);
    }
  }

  // -- the levels view: one small grid per digit ------------------------------------------

  function drawLevels() {
    const lay = data.layout, n = lay.size;
    const state = data.states[pos];
    const view = pos < data.views.length ? data.views[pos] : null;
    const box = $("levels");
    box.textContent = "";
    for (let d = 1; d <= n; d++) {
      const fig = document.createElement("figure");
      const svg = newSvg(n, fig);
      svg.setAttribute("aria-label", `digit ${DIGITS[d - 1]}`);
      const bit = 1 << (d - 1);
      for (let cell = 0; cell < n * n; cell++) {
        const r = Math.floor(cell / n), c = cell % n;
        if (state.values[cell] === d) {
          el("rect", { x: c * U, y: r * U, width: U, height: U, class: "lvl-on" }, svg);
          el("text", {
            x: c * U + U / 2, y: r * U + U / 2 + 2, "font-size": U * 0.6, class: "lvl-digit",
            "text-anchor": "middle", "dominant-baseline": "central",
          }, svg, DIGITS[d - 1]);
        } else if (!state.values[cell] && state.cands[cell] & bit) {
          el("rect", { x: c * U + 4, y: r * U + 4, width: U - 8, height: U - 8, class: "lvl-maybe" }, svg);
        }
      }
      drawGrid(svg, lay, false);
      if (view) {
        for (const [cell, digit, role] of view.marks) {
          if (digit !== d) continue;
          const r = Math.floor(cell / n), c = cell % n;
          el("rect", { x: c * U + 5, y: r * U + 5, width: U - 10, height: U - 10, class: "lvl-mark-" + role }, svg);
        }
      }
      const cap = document.createElement("figcaption");
      cap.textContent = DIGITS[d - 1];
      fig.appendChild(cap);
      box.appendChild(fig);
    }
  }

  // -- the side panel --------------------------------------------------------------------

  function summary() {
    const dl = $("summary");
    dl.textContent = "";
    const row = (k, v, id) => {
      const dt = document.createElement("dt");
      dt.textContent = k;
      const dd = document.createElement("dd");
      dd.textContent = v;
      if (id) dd.id = id;
      dl.append(dt, dd);
    };
    const total = data.guesses;
    row("guesses", `${data.guesses_before[pos]} so far, ${total} in all`, "guesses");
    if (data.name) row("name", data.name);
    row("hardest", data.hardest_name ? `${data.hardest_name} (${data.level})` : "none");
    row("score", `${data.score}, difficulty ${data.difficulty}`);
    row("unique", data.unique === null ? "not known" : data.unique ? "yes" : "no");
    row("solution", data.solution || "none");
  }

  function fillSteps() {
    const list = $("step-list");
    list.textContent = "";
    data.steps.forEach((step, i) => {
      const li = document.createElement("li");
      li.textContent = step.notation;
      if (step.technique === "guess") li.classList.add("guess");
      li.addEventListener("click", () => go(i));
      list.appendChild(li);
    });
  }

  function render() {
    const steps = data.steps, count = steps.length;
    pos = Math.max(0, Math.min(pos, count));
    $("slider").max = String(count);
    $("slider").value = String(pos);
    $("first").disabled = $("prev").disabled = pos === 0;
    $("next").disabled = $("last").disabled = pos === count;
    const step = pos < count ? steps[pos] : null;
    if (step) {
      $("position").textContent = `step ${pos + 1} of ${count}`;
      $("step-name").textContent = step.name;
      $("notation").textContent = step.notation;
      $("step-text").textContent = step.text;
    } else {
      $("position").textContent = count ? `after all ${count} steps` : "no steps";
      $("step-name").textContent = data.solved ? "Solved" : "No solution";
      $("notation").textContent = data.solution || "no solution";
      $("step-text").textContent = data.solved
        ? `The grid is solved with ${data.guesses} ${data.guesses === 1 ? "guess" : "guesses"}.`
        : "The puzzle has no solution.";
    }
    $("hint").textContent = "";
    $("position").dataset.pos = String(pos);
    if (mode === "levels") drawLevels(); else drawBoard();
    $("board").hidden = mode === "levels";
    $("levels").hidden = mode !== "levels";
    summary();
    const items = $("step-list").children;
    for (let i = 0; i < items.length; i++) items[i].classList.toggle("current", i === pos);
    const item = items[Math.min(pos, items.length - 1)];
    if (item) {  // scroll the list only, never the page
      const list = $("step-list");
      const top = item.offsetTop;
      if (top < list.scrollTop) list.scrollTop = top;
      else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = top + item.offsetHeight - list.clientHeight;
      }
    }
  }

  function go(to) {
    if (!data) return;
    pos = to;
    render();
  }

  function showHint(level) {
    if (!data) return;
    const text = pos < data.views.length
      ? data.views[pos].hints[level - 1]
      : "the grid is already solved";
    $("hint").textContent = text;
  }

  function load(answer, to) {
    data = answer;
    pos = 0;
    $("view").hidden = false;
    $("left").style.flexBasis = data.layout.size > 9 ? "760px" : "";
    $("hint-view").hidden = true;
    fillSteps();
    if (to === "end") pos = data.steps.length;
    else if (to !== undefined && to !== null && !isNaN(Number(to))) pos = Number(to);
    render();
  }

  // -- the API ---------------------------------------------------------------------------

  async function post(path, body) {
    let reply;
    try {
      reply = await fetch(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    } catch (err) {
      throw new Error("the yass server does not answer (is `yass web` still running?)");
    }
    let answer;
    try {
      answer = await reply.json();
    } catch (err) {
      throw new Error(`the server answered ${reply.status} without JSON`);
    }
    if (!reply.ok) throw new Error(answer.error || `the server answered ${reply.status}`);
    return answer;
  }

  async function explain(to) {
    const puzzle = $("puzzle").value;
    if (!puzzle.trim()) {
      showError("paste a puzzle first");
      return;
    }
    showError("");
    $("explain").disabled = true;
    document.body.classList.add("busy");
    try {
      load(await post("/api/explain", { puzzle: puzzle, rules: $("rules").value }), to);
    } catch (err) {
      showError(err.message);
    } finally {
      $("explain").disabled = false;
      document.body.classList.remove("busy");
    }
  }

  async function hintOnly() {
    const text = $("puzzle").value;
    if (!text.trim()) {
      showError("paste a puzzle or a grid with pencil marks first");
      return;
    }
    showError("");
    // the server tells a grid of pencil marks from a puzzle
    const body = { level: 3, rules: $("rules").value, puzzle: text };
    try {
      const answer = await post("/api/hint", body);
      $("hint-only-text").textContent = answer.hint;
      $("hint-view").hidden = false;
    } catch (err) {
      showError(err.message);
    }
  }

  // -- wiring ------------------------------------------------------------------------------

  function init() {
    $("first").addEventListener("click", () => go(0));
    $("prev").addEventListener("click", () => go(pos - 1));
    $("next").addEventListener("click", () => go(pos + 1));
    $("last").addEventListener("click", () => go(data ? data.steps.length : 0));
    $("slider").addEventListener("input", (e) => go(Number(e.target.value)));
    for (const radio of document.querySelectorAll("input[name=mode]")) {
      radio.addEventListener("change", (e) => {
        mode = e.target.value;
        if (data) render();
      });
    }
    for (const button of document.querySelectorAll(".hint-box button")) {
      button.addEventListener("click", () => showHint(Number(button.dataset.level)));
    }
    $("explain").addEventListener("click", () => explain());
    $("hint-only").addEventListener("click", hintOnly);
    document.addEventListener("keydown", (e) => {
      if (!data || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT") return;
      if (e.key === "ArrowRight") go(pos + 1);
      else if (e.key === "ArrowLeft") go(pos - 1);
      else if (e.key === "Home") go(0);
      else if (e.key === "End") go(data.steps.length);
      else if (e.key === "l" || e.key === "L") {
        mode = mode === "levels" ? "pencil" : "levels";
        document.querySelector(`input[name=mode][value=${mode}]`).checked = true;
        render();
      } else return;
      e.preventDefault();
    });

    const params = new URLSearchParams(window.location.search);
    if (params.get("view") === "levels") {
      mode = "levels";
      document.querySelector("input[name=mode][value=levels]").checked = true;
    }
    const embedded = document.getElementById("yass-data");
    if (embedded) {
      $("input").hidden = true;
      $("offline-note").hidden = false;
      $("hint-only").hidden = true;
      load(JSON.parse(embedded.textContent), params.get("step"));
      return;
    }
    // ?puzzle=...&rules=...&step=N|end&view=levels explains at once (a link to share, and the tests)
    if (params.get("puzzle")) {
      $("puzzle").value = params.get("puzzle");
      $("rules").value = params.get("rules") || "";
      explain(params.get("step"));
    }
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
