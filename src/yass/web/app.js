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
  let picked = null; // a step picked from "All steps here": drawn on states[pos] in place of steps[pos]

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

  // a cell with a label at its top-left (a cage's sum) keeps its candidates below it
  const LABEL_TOP = 11;

  function slotXY(cell, digit, lay) {
    const n = lay.size, rows = lay.slots[0], cols = lay.slots[1];
    const r = Math.floor(cell / n), c = cell % n;
    const i = digit - 1;
    const inset = lay.inset || 0;
    const top = lay.labelled && lay.labelled.has(cell) ? LABEL_TOP : inset;
    const w = (U - 2 * inset) / cols, h = (U - top - inset) / rows;
    return [c * U + inset + ((i % cols) + 0.5) * w, r * U + top + (Math.floor(i / cols) + 0.5) * h];
  }

  // how much a cell's candidates shrink to stay inside cage lines and below a label
  function candidateScale(cell, lay) {
    const inset = lay.inset || 0;
    const top = lay.labelled && lay.labelled.has(cell) ? LABEL_TOP : inset;
    return Math.min(U - 2 * inset, U - top - inset) / U;
  }

  // -- drawing: the parts every view shares ----------------------------------------------

  const SHADED_HOUSES = new Set(["extra region", "window", "windoku"]);

  function drawGrid(svg, lay, withRules) {
    const n = lay.size, reg = lay.regions;
    for (const house of lay.extra) {
      // cages and lines that are houses too are drawn as rules, not shaded
      if (!SHADED_HOUSES.has(house.kind)) continue;
      for (const cell of house.cells) {
        const r = Math.floor(cell / n), c = cell % n;
        el("rect", { x: c * U, y: r * U, width: U, height: U, class: "extra-region" }, svg);
      }
    }
    const under = withRules ? el("g", { class: "rules-under" }, svg) : null; // shading
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
    const over = withRules ? el("g", { class: "rules-over" }) : null; // marks on the walls
    if (withRules) drawRules(svg, lay, under, over);
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
    if (over) svg.appendChild(over);
  }

  const LINE_COLOURS = {
    thermo: "#9a9a9a", slow_thermo: "#9a9a9a", palindrome: "#a64ac9", whispers: "#3aa655",
    nabner: "#e0b000", renban: "#e05fa0", zipper: "#5f8fe0", entropic_line: "#e08a3a",
    region_sum_line: "#3ab0c9", arrow: "#9a9a9a", between: "#9a9a9a", modular_line: "#8a6a3a",
    double_arrow: "#c54b8b", lockout_line: "#006cba",
  };
  const CLONE_COLOURS = ["#f5c77e", "#9fd3f5", "#c3e6a1", "#f2a7c8", "#cdb8f0", "#f7e27c"];
  const OUTSIDE = { little_killer: 1, sandwich: 1, xsum: 1, skyscraper: 1, numbered_room: 1 };
  const INDEXERS = { column_indexer: 1, row_indexer: 1, box_indexer: 1 };
  const STEP = { UL: [-1, -1], UR: [1, -1], DL: [-1, 1], DR: [1, 1] };
  const R_CIRCLE = U * 0.38; // an arrow's circle, a between line's ends

  // [row, column] (0-based) of a cell name; -1 and n are the rows / columns outside
  function rowCol(name) {
    const m = /^r(\d+)c(\d+)$/.exec(String(name));
    return m ? [Number(m[1]) - 1, Number(m[2]) - 1] : null;
  }

  // [row, column] of an outside clue; without its cell, the one before its line's first cell
  function clueOf(rule) {
    const rc = rowCol(rule.clue);
    if (rc) return rc;
    const cells = (rule.cells || []).map(rowCol);
    if (!cells.length || cells.some((x) => !x)) return null;
    const d = STEP[rule.direction];
    let step = d ? [d[1], d[0]] : null;
    if (!step && cells.length > 1) step = [cells[1][0] - cells[0][0], cells[1][1] - cells[0][1]];
    return step ? [cells[0][0] - step[0], cells[0][1] - step[1]] : null;
  }

  // the sides of the grid with a clue outside: how far the picture reaches past the grid
  function margins(lay) {
    const n = lay.size, out = { top: 0, bottom: 0, left: 0, right: 0 };
    for (const rule of lay.constraints || []) {
      if (!OUTSIDE[rule.type]) continue;
      const rc = clueOf(rule);
      if (!rc) continue;
      const m = U * 0.75;
      if (rc[0] < 0) out.top = m;
      if (rc[0] >= n) out.bottom = m;
      if (rc[1] < 0) out.left = m;
      if (rc[1] >= n) out.right = m;
    }
    return out;
  }

  function cellsOf(list, n) {
    const cells = Array.isArray(list) ? list.map((x) => cellIndex(x, n)) : [];
    return cells.some((x) => x < 0 || x >= n * n) ? null : cells;
  }

  // cells whose top-left corner carries a label (a cage's sum): their candidates move down
  function labelledCells(lay) {
    const n = lay.size, out = new Set();
    for (const rule of lay.constraints || []) {
      const labelled = (rule.type === "killer" || rule.type === "cage") && rule.sum !== undefined && rule.sum !== null;
      if (labelled || rule.type === "multisum_killer") {
        const cells = cellsOf(rule.cells, n);
        if (cells && cells.length) out.add(Math.min(...cells));
      }
    }
    return out;
  }

  function titled(node, text) {
    el("title", {}, node, text);
    return node;
  }

  function shade(layer, cells, n, attrs) {
    const g = el("g", attrs, layer);
    for (const cell of cells) {
      const r = Math.floor(cell / n), c = cell % n;
      el("rect", { x: c * U, y: r * U, width: U, height: U }, g);
    }
    return g;
  }

  function markerDefs(svg) {
    let defs = svg.querySelector("defs.rule-defs");
    if (defs) return;
    defs = el("defs", { class: "rule-defs" }, svg);
    const head = el("marker", {
      id: "rule-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 4, markerHeight: 4,
      orient: "auto", markerUnits: "strokeWidth",
    }, defs);
    el("path", { d: "M1 1L8 5L1 9", fill: "none", stroke: "#8a8a8a", "stroke-width": 1.6, "stroke-linecap": "round", "stroke-linejoin": "round" }, head);
    const small = el("marker", {
      id: "clue-arrowhead", viewBox: "0 0 10 10", refX: 8, refY: 5, markerWidth: 5, markerHeight: 5,
      orient: "auto", markerUnits: "strokeWidth",
    }, defs);
    el("path", { d: "M0 1L9 5L0 9z", fill: "#333" }, small);
  }

  // rules in three layers: shading (`under` the grid lines), lines and cages, and the marks
  // that sit on walls (`over` them: dots, X / V, quadruples, min / max chevrons)
  function drawRules(svg, lay, under, over) {
    const n = lay.size;
    const torus = (lay.constraints || []).some((rule) => rule.type === "toroidal");
    const layer = el("g", { class: "rules" }, svg);
    markerDefs(svg);
    const clones = cloneColours(lay);
    for (const rule of lay.constraints || []) {
      const type = rule.type;
      const cells = cellsOf(rule.cells, n);
      if (cells === null) continue;
      if ((type === "odd" || type === "even") && cells.length) {
        for (const cell of cells) {
          const [x, y] = centre(cell, n);
          if (type === "odd") el("circle", { cx: x, cy: y, r: U * 0.4, class: "parity" }, under);
          else el("rect", { x: x - U * 0.38, y: y - U * 0.38, width: U * 0.76, height: U * 0.76, class: "parity" }, under);
        }
      } else if ((type === "difference" || type === "ratio" || type === "xv") && cells.length === 2) {
        for (const [x, y] of wallSpots(cells, n)) drawWallMark(over, rule, type, x, y);
      } else if ((type === "killer" || type === "cage") && cells.length) {
        drawCage(layer, cells, rule.sum !== undefined ? rule.sum : rule.value, n, torus);
      } else if (type === "multisum_killer" && cells.length) {
        drawCage(layer, cells, rule.root ? "DR" + rule.root : (rule.sums || []).join("|"), n, torus);
      } else if (type === "arrow") {
        drawArrow(layer, rule, n, torus);
      } else if (OUTSIDE[type]) {
        drawClue(layer, rule, cells, n);
      } else if (type === "quadruple" && cells.length) {
        drawQuadruple(over, cells, rule.digits || [], n);
      } else if ((type === "minimum" || type === "maximum") && cells.length) {
        drawExtreme(under, over, cells, type === "maximum", n);
      } else if (type === "clone") {
        const other = cellsOf(rule.clone, n);
        if (!other) continue;
        const colour = clones.get(shapeKey(cells)) || CLONE_COLOURS[0];
        for (const group of [cells, other]) shade(under, group, n, { class: "clone", fill: colour });
      } else if (INDEXERS[type] && cells.length) {
        shade(under, cells, n, { class: "indexer" });
      } else if (type === "candidates") {
        const cell = cellIndex(rule.cell, n);
        if (cell < 0) continue;
        const digits = Array.isArray(rule.digits) ? rule.digits.join("") : String(rule.digits);
        const x = (cell % n) * U, y = Math.floor(cell / n) * U;
        el("text", { x: x + U - 3, y: y + U - 4, "text-anchor": "end", "font-size": 9, class: "cell-note" }, layer, digits);
      } else if (cells.length >= 2 && LINE_COLOURS[type]) {
        for (const run of lineRuns(cells, n, torus)) {
          const pts = run.map((p) => p.join(",")).join(" ");
          el("polyline", { points: pts, class: "rule-line line-" + type, stroke: LINE_COLOURS[type], "stroke-width": U * 0.2 }, layer);
        }
        if (type === "thermo" || type === "slow_thermo") {
          const [x, y] = centre(cells[0], n);
          el("circle", { cx: x, cy: y, r: U * 0.3, class: "bulb" }, layer);
        } else if (type === "between" || type === "double_arrow") {
          for (const end of [cells[0], cells[cells.length - 1]]) {
            const [x, y] = centre(end, n);
            el("circle", { cx: x, cy: y, r: R_CIRCLE, class: "between-end" }, layer);
          }
        } else if (type === "lockout_line") {
          for (const end of [cells[0], cells[cells.length - 1]]) {
            const [x, y] = centre(end, n), d = U * 0.34;
            el("path", { d: `M${x} ${y - d}L${x + d} ${y}L${x} ${y + d}L${x - d} ${y}Z`, class: "between-end lockout-end" }, layer);
          }
        }
      }
    }
  }

  // the polylines of a line through `cells`: one, or on a toroidal grid one more at each
  // step across an edge, the line leaving the grid at one edge and coming back in at the
  // opposite one
  function lineRuns(cells, n, torus) {
    const runs = cells.length ? [[centre(cells[0], n)]] : [];
    const short = (d) => (d > 1 ? d - n : d < -1 ? d + n : d);
    for (let i = 1; i < cells.length; i++) {
      const a = cells[i - 1], b = cells[i];
      const rawR = Math.floor(b / n) - Math.floor(a / n), rawC = b % n - a % n;
      const dr = torus ? short(rawR) : rawR, dc = torus ? short(rawC) : rawC;
      const p = centre(a, n), q = centre(b, n);
      if (dr === rawR && dc === rawC) {
        runs[runs.length - 1].push(q);
      } else {
        runs[runs.length - 1].push([p[0] + dc * U / 2, p[1] + dr * U / 2]);
        runs.push([[q[0] - dc * U / 2, q[1] - dr * U / 2], q]);
      }
    }
    return runs;
  }

  // where a mark between two cells goes: the wall between them, or, for cells on opposite
  // edges of a toroidal grid, the outer wall of each
  function wallSpots(cells, n) {
    const a = centre(cells[0], n), b = centre(cells[1], n);
    if (Math.abs(a[0] - b[0]) + Math.abs(a[1] - b[1]) <= U * 1.01) return [[(a[0] + b[0]) / 2, (a[1] + b[1]) / 2]];
    const out = (p, q) => (Math.abs(p - q) <= U * 1.01 ? 0 : (p > q ? U / 2 : -U / 2));
    return [[a[0] + out(a[0], b[0]), a[1] + out(a[1], b[1])], [b[0] + out(b[0], a[0]), b[1] + out(b[1], a[1])]];
  }

  // a dot (difference, ratio) or X / V at x, y
  function drawWallMark(over, rule, type, x, y) {
    if (type === "xv") {
      const label = rule.sum === 5 ? "V" : rule.sum === 10 ? "X" : String(rule.sum);
      el("rect", { x: x - 9, y: y - 10, width: 18, height: 20, fill: "#fff" }, over);
      el("text", { x: x, y: y + 1, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 18, class: "xv" }, over, label);
    } else {
      const dot = el("circle", { cx: x, cy: y, r: 7, class: type === "ratio" ? "dot-black" : "dot-white" }, over);
      const plain = type === "ratio" ? 2 : 1;
      if (rule.value !== undefined && rule.value !== null && rule.value !== plain) {
        dot.setAttribute("r", 8);
        el("text", {
          x: x, y: y + 0.5, "text-anchor": "middle", "dominant-baseline": "central", "font-size": 10,
          class: type === "ratio" ? "dot-value on-black" : "dot-value",
        }, over, String(rule.value));
      }
    }
  }

  function shapeKey(cells) {
    return cells.slice().sort((a, b) => a - b).join(",");
  }

  // clones that copy one another (A = B, B = C) share one colour
  function cloneColours(lay) {
    const n = lay.size, parent = new Map();
    const find = (k) => {
      while (parent.get(k) !== k) k = parent.get(k);
      return k;
    };
    for (const rule of lay.constraints || []) {
      if (rule.type !== "clone") continue;
      const a = cellsOf(rule.cells, n), b = cellsOf(rule.clone, n);
      if (!a || !b) continue;
      const ka = shapeKey(a), kb = shapeKey(b);
      for (const k of [ka, kb]) if (!parent.has(k)) parent.set(k, k);
      parent.set(find(ka), find(kb));
    }
    const colours = new Map(), roots = new Map();
    for (const k of parent.keys()) {
      const root = find(k);
      if (!roots.has(root)) roots.set(root, CLONE_COLOURS[roots.size % CLONE_COLOURS.length]);
      colours.set(k, roots.get(root));
    }
    return colours;
  }

  function drawArrow(layer, rule, n, torus) {
    const circle = cellsOf(rule.circle, n), line = cellsOf(rule.line, n);
    if (!circle || !line || !circle.length) return;
    const g = el("g", { class: "arrow" }, layer);
    if (line.length) {
      const first = centre(line[0], n);
      // the line leaves the circle cell nearest to its first cell, from the circle's edge
      let from = circle[0], best = Infinity;
      for (const cell of circle) {
        const p = centre(cell, n), d = Math.hypot(p[0] - first[0], p[1] - first[1]);
        if (d < best) { best = d; from = cell; }
      }
      const runs = lineRuns([from, ...line], n, torus);
      const [f, t] = runs[0], dx = t[0] - f[0], dy = t[1] - f[1], len = Math.hypot(dx, dy) || 1;
      runs[0][0] = [f[0] + dx / len * R_CIRCLE, f[1] + dy / len * R_CIRCLE];
      runs.forEach((run, i) => {
        const attrs = { points: run.map((p) => p.join(",")).join(" "), class: "arrow-line" };
        if (i === runs.length - 1) attrs["marker-end"] = "url(#rule-arrowhead)";
        el("polyline", attrs, g);
      });
    }
    const rows = circle.map((c) => Math.floor(c / n)), cols = circle.map((c) => c % n);
    const straight = circle.length > 1 && (new Set(rows).size === 1 || new Set(cols).size === 1);
    if (straight) { // a pill: one rounded box over the cells
      const r0 = Math.min(...rows), r1 = Math.max(...rows), c0 = Math.min(...cols), c1 = Math.max(...cols);
      const inset = U / 2 - R_CIRCLE;
      el("rect", {
        x: c0 * U + inset, y: r0 * U + inset, width: (c1 - c0 + 1) * U - 2 * inset,
        height: (r1 - r0 + 1) * U - 2 * inset, rx: R_CIRCLE, class: "arrow-circle",
      }, g);
    } else {
      for (const cell of circle) {
        const [x, y] = centre(cell, n);
        el("circle", { cx: x, cy: y, r: R_CIRCLE, class: "arrow-circle" }, g);
      }
    }
  }

  function drawClue(layer, rule, cells, n) {
    const rc = clueOf(rule);
    if (!rc) return;
    const x = rc[1] * U + U / 2, y = rc[0] * U + U / 2;
    const value = rule.value !== undefined ? rule.value : rule.sum;
    const g = titled(el("g", { class: "clue clue-" + rule.type }, layer), `${rule.type.replace("_", " ")} ${value}`);
    if (rule.type !== "little_killer") {
      el("text", { x: x, y: y + 1, "text-anchor": "middle", "dominant-baseline": "central", "font-size": U * 0.42 }, g, String(value));
      return;
    }
    let step = STEP[rule.direction];
    if (!step && cells.length) { // no direction given: from the clue to its first cell
      const first = cells[0];
      step = [Math.sign(first % n - rc[1]), Math.sign(Math.floor(first / n) - rc[0])];
    }
    step = step || [1, 1];
    // the sum sits back from the diagonal, a small arrow points along it
    const tx = x - step[0] * U * 0.12, ty = y - step[1] * U * 0.12;
    el("text", { x: tx, y: ty + 1, "text-anchor": "middle", "dominant-baseline": "central", "font-size": U * 0.3 }, g, String(value));
    const ax = x + step[0] * U * 0.2, ay = y + step[1] * U * 0.2;
    el("line", {
      x1: ax, y1: ay, x2: ax + step[0] * U * 0.2, y2: ay + step[1] * U * 0.2,
      class: "clue-arrow", "marker-end": "url(#clue-arrowhead)",
    }, g);
  }

  function drawQuadruple(layer, cells, digits, n) {
    let sx = 0, sy = 0;
    for (const cell of cells) {
      const [x, y] = centre(cell, n);
      sx += x; sy += y;
    }
    const x = sx / cells.length, y = sy / cells.length;
    const g = el("g", { class: "quad" }, layer);
    el("circle", { cx: x, cy: y, r: U * 0.22, class: "quad-circle" }, g);
    const text = digits.map(String);
    const rows = text.length > 2 ? [text.slice(0, Math.ceil(text.length / 2)), text.slice(Math.ceil(text.length / 2))] : [text];
    const size = text.length > 2 ? 9.5 : 11;
    rows.forEach((row, i) => {
      const dy = rows.length === 1 ? 0 : (i - 0.5) * size * 0.95;
      el("text", {
        x: x, y: y + dy + 0.5, "text-anchor": "middle", "dominant-baseline": "central",
        "font-size": size, class: "quad-digits",
      }, g, row.join(" "));
    });
  }

  // a minimum / maximum cell: shaded, with a chevron on each wall that faces a neighbour
  // off the list, pointing in (smaller than it) or out (greater)
  function drawExtreme(under, layer, cells, outward, n) {
    shade(under, cells, n, { class: outward ? "extreme maximum" : "extreme minimum" });
    const inside = new Set(cells);
    const g = el("g", { class: "chevrons" }, layer);
    const sides = [[0, -1], [0, 1], [-1, 0], [1, 0]];
    for (const cell of cells) {
      const r = Math.floor(cell / n), c = cell % n;
      const [cx, cy] = centre(cell, n);
      for (const [dx, dy] of sides) {
        const rr = r + dy, cc = c + dx;
        if (rr < 0 || rr >= n || cc < 0 || cc >= n || inside.has(rr * n + cc)) continue;
        // on the wall between the cells, like a "<" between them
        const tip = outward ? U / 2 + 3.5 : U / 2 - 3.5, back = outward ? U / 2 - 3.5 : U / 2 + 3.5;
        const w = 6;
        // two arms from the back corners to the tip
        const px = -dy, py = dx; // across the side
        const d = `M${cx + dx * back + px * w} ${cy + dy * back + py * w}` +
          `L${cx + dx * tip} ${cy + dy * tip}` +
          `L${cx + dx * back - px * w} ${cy + dy * back - py * w}`;
        el("path", { d: d, class: "chevron" }, g);
      }
    }
  }

  // a cage's dashed outline; on a toroidal grid a cage that crosses an edge stays open there
  function drawCage(layer, cells, total, n, torus) {
    const inside = new Set(cells), m = 4;
    const has = (r, c) => {
      if (torus) { r = (r + n) % n; c = (c + n) % n; }
      return r >= 0 && r < n && c >= 0 && c < n && inside.has(r * n + c);
    };
    let d = "";
    for (const cell of cells) {
      const r = Math.floor(cell / n), c = cell % n, x = c * U, y = r * U;
      if (!has(r - 1, c)) d += `M${x + m} ${y + m}H${x + U - m}`;
      if (!has(r + 1, c)) d += `M${x + m} ${y + U - m}H${x + U - m}`;
      if (!has(r, c - 1)) d += `M${x + m} ${y + m}V${y + U - m}`;
      if (!has(r, c + 1)) d += `M${x + U - m} ${y + m}V${y + U - m}`;
    }
    el("path", { d: d, class: "cage" }, layer);
    if (total !== undefined && total !== null) {
      const first = Math.min(...cells);
      const x = (first % n) * U, y = Math.floor(first / n) * U;
      const label = String(total);
      el("rect", { x: x + 1.5, y: y + 1.5, width: 6 * label.length + 4, height: 11, class: "cage-sum-bg" }, layer);
      el("text", { x: x + 3, y: y + 10.5, "font-size": 10, class: "cage-sum" }, layer, label);
    }
  }

  function newSvg(n, parent, lay) {
    const pad = 3;
    const m = lay ? margins(lay) : { top: 0, bottom: 0, left: 0, right: 0 };
    const svg = el("svg", {
      viewBox: `${-pad - m.left} ${-pad - m.top} ${n * U + 2 * pad + m.left + m.right} ${n * U + 2 * pad + m.top + m.bottom}`,
      role: "img",
    });
    el("rect", { x: 0, y: 0, width: n * U, height: n * U, class: "cell-bg" }, svg);
    parent.appendChild(svg);
    return svg;
  }

  // -- the rules' legend under the grid ---------------------------------------------------

  function swatch(type) {
    const svg = el("svg", { viewBox: "0 0 36 20", width: 36, height: 20, class: "swatch", "aria-hidden": "true" });
    const mid = (tag, attrs, text) => el(tag, attrs, svg, text);
    if (LINE_COLOURS[type] && type !== "arrow") {
      mid("line", { x1: 4, y1: 10, x2: 32, y2: 10, stroke: LINE_COLOURS[type], "stroke-width": 6, "stroke-linecap": "round", opacity: 0.55 });
      if (type === "thermo" || type === "slow_thermo") mid("circle", { cx: 7, cy: 10, r: 6, class: "bulb" });
      if (type === "between" || type === "double_arrow") for (const x of [8, 28]) mid("circle", { cx: x, cy: 10, r: 6, class: "between-end" });
      if (type === "lockout_line") for (const x of [8, 28]) mid("path", { d: `M${x} 4L${x + 6} 10L${x} 16L${x - 6} 10Z`, class: "between-end" });
    } else if (type === "arrow") {
      mid("circle", { cx: 9, cy: 10, r: 7, class: "arrow-circle" });
      mid("line", { x1: 16, y1: 10, x2: 32, y2: 10, class: "arrow-line", "stroke-width": 2 });
      mid("path", { d: "M27 6L32 10L27 14", fill: "none", stroke: "#8a8a8a", "stroke-width": 2 });
    } else if (type === "killer" || type === "cage" || type === "multisum_killer") {
      mid("rect", { x: 3, y: 2, width: 30, height: 16, class: "cage" });
      mid("text", { x: 5, y: 10, "font-size": 8, class: "cage-sum" }, "15");
    } else if (type === "difference" || type === "ratio") {
      mid("circle", { cx: 18, cy: 10, r: 6, class: type === "ratio" ? "dot-black" : "dot-white" });
    } else if (type === "xv") {
      mid("text", { x: 18, y: 15, "text-anchor": "middle", "font-size": 14, class: "xv" }, "X V");
    } else if (type === "odd") {
      mid("circle", { cx: 18, cy: 10, r: 8, class: "parity" });
    } else if (type === "even") {
      mid("rect", { x: 10, y: 2, width: 16, height: 16, class: "parity" });
    } else if (type === "quadruple") {
      mid("circle", { cx: 18, cy: 10, r: 8, class: "quad-circle" });
      mid("text", { x: 18, y: 13, "text-anchor": "middle", "font-size": 8, class: "quad-digits" }, "12");
    } else if (type === "minimum" || type === "maximum") {
      mid("rect", { x: 10, y: 2, width: 16, height: 16, class: "extreme " + type });
      const d = type === "maximum" ? "M14 6L18 2L22 6" : "M14 2L18 6L22 2";
      mid("path", { d: d, class: "chevron" });
    } else if (type === "clone") {
      mid("rect", { x: 3, y: 4, width: 12, height: 12, fill: CLONE_COLOURS[0] });
      mid("rect", { x: 21, y: 4, width: 12, height: 12, fill: CLONE_COLOURS[0] });
    } else if (INDEXERS[type]) {
      mid("rect", { x: 12, y: 2, width: 12, height: 16, class: "indexer" });
    } else if (type === "extra_region") {
      mid("rect", { x: 8, y: 2, width: 20, height: 16, class: "extra-region" });
    } else if (type === "diagonal") {
      mid("line", { x1: 8, y1: 2, x2: 28, y2: 18, class: "diag" });
    } else if (type === "regions") {
      mid("path", { d: "M4 4H20V16H32", class: "wall", "stroke-width": 2.5 });
    } else if (OUTSIDE[type]) {
      mid("text", { x: 18, y: 15, "text-anchor": "middle", "font-size": 13, class: "clue" }, type === "little_killer" ? "17\u2198" : "8");
    } else {
      return null;
    }
    return svg;
  }

  function drawLegend(lay) {
    const box = $("rules-legend");
    if (!box) return;
    box.textContent = "";
    const items = lay.legend || [...new Set((lay.constraints || []).map((c) => c.type))].map((t) => [t, t.replace(/_/g, " "), ""]);
    box.hidden = !items.length;
    if (!items.length) return;
    const title = document.createElement("h3");
    title.textContent = "Rules";
    box.appendChild(title);
    const list = document.createElement("ul");
    for (const [type, name, meaning] of items) {
      const li = document.createElement("li");
      li.dataset.type = type;
      const mark = swatch(type);
      if (mark) li.appendChild(mark);
      else li.classList.add("no-swatch");
      const text = document.createElement("span");
      const b = document.createElement("b");
      b.textContent = name;
      text.appendChild(b);
      if (meaning) text.appendChild(document.createTextNode(": " + meaning));
      li.appendChild(text);
      list.appendChild(li);
    }
    box.appendChild(list);
  }

  // -- the candidate view ----------------------------------------------------------------

  function drawBoard() {
    const lay = data.layout, n = lay.size;
    const state = data.states[pos];
    const view = currentView();
    const box = $("board");
    box.textContent = "";
    const svg = newSvg(n, box, lay);
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
      const fit = candidateScale(cell, lay);
      for (let d = 1; d <= n; d++) {
        if (!(mask >> (d - 1) & 1)) continue;
        const [cx, cy] = slotXY(cell, d, lay);
        const role = roles.get(cell * 64 + d);
        if (role) el("circle", { cx: cx, cy: cy, r: slot * 0.46 * fit, class: "hl-" + role }, digits);
        el("text", {
          x: cx, y: cy + 1, "font-size": small * fit,
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
    const view = currentView();
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

  // the view drawn: a step picked from "All steps here", else the path's step at pos
  function currentView() {
    if (picked) return picked.view;
    return pos < data.views.length ? data.views[pos] : null;
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
    if (picked) {  // a step from "All steps here", shown on this grid in place of the path's
      $("step-name").textContent = picked.name;
      $("notation").textContent = picked.notation;
      $("step-text").textContent = picked.text;
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
    clearAllSteps();
    render();
  }

  // -- every step on the grid at pos (POST /api/hint with "all") ---------------------------

  function clearAllSteps() {
    picked = null;
    $("all-steps-list").textContent = "";
  }

  async function allSteps() {
    if (!data) return;
    clearAllSteps();
    const box = $("all-steps-list");
    box.textContent = "looking...";
    const body = {
      puzzle: $("puzzle").value, rules: $("rules").value, all: true,
      values: data.states[pos].values, candidates: data.states[pos].cands,
    };
    let answer;
    try {
      answer = await post("/api/hint", body);
    } catch (err) {
      box.textContent = err.message;
      return;
    }
    listSteps(box, answer, (step) => {
      picked = step;
      render();
    });
  }

  // the answer of /api/hint with "all" as a list in box: a heading per technique, a line per
  // step; a click on a line marks it and hands its step to pick (this page and play.js)
  function listSteps(box, answer, pick) {
    box.textContent = "";
    if (answer.solved) box.textContent = "the grid is already solved";
    else if (!answer.techniques.length) box.textContent = "no technique applies: guess";
    for (const group of answer.techniques) {
      const head = document.createElement("h4");
      head.textContent = `${group.name} (${group.steps.length})`;
      const list = document.createElement("ul");
      for (const step of group.steps) {
        const li = document.createElement("li");
        li.textContent = step.notation;
        li.addEventListener("click", () => {
          for (const other of box.querySelectorAll("li")) other.classList.toggle("current", other === li);
          pick(step);
        });
        list.appendChild(li);
      }
      box.append(head, list);
    }
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
    data.layout.labelled = labelledCells(data.layout);
    // candidates keep clear of the dashed cage lines
    data.layout.inset = (data.layout.constraints || []).some((c) => c.type === "killer" || c.type === "cage") ? 5 : 0;
    drawLegend(data.layout);
    $("hint-view").hidden = true;
    clearAllSteps();
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
    $("all-steps").addEventListener("click", allSteps);
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
      $("all-steps").hidden = true;  // a saved page has no server to ask
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

  // the play and set page (play.js) draws its grid with the same functions
  window.yassDraw = {
    U, DIGITS, el, newSvg, drawGrid, drawLegend, labelledCells, slotXY, centre,
    candidateScale, drawLinks, listSteps,
  };
  if (!document.getElementById("explain")) return; // another page uses the drawing only
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
