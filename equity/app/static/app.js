// The Director's workbench page. Every rule (who wins a trick, what is a revoke, the
// ruling) is the server's: this page keeps what was tapped and shows what comes back.
// Text from files and from the server is always set with textContent, never as markup.
"use strict";

const SEATS = ["N", "E", "S", "W"];
const NAMES = { N: "North", E: "East", S: "South", W: "West" };
const SUITS = [["S", "♠"], ["H", "♥"], ["D", "♦"], ["C", "♣"]];
const RED = { H: true, D: true };

const state = {
  boards: [], board: null, rows: { N: [], E: [], S: [], W: [] }, history: [],
  mode: "tricks", toPlay: null, timer: null, seq: 0, options: [],
};

// The option whose values the lines' weight boxes edit (equity rule --weight LINE=W).
const WEIGHTS = "weights";

const $ = (id) => document.getElementById(id);

function el(tag, attrs, text) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else e.setAttribute(k, v);
  }
  if (text !== undefined && text !== null) e.textContent = String(text);
  return e;
}

function pretty(card) {
  if (card === "?") return "?";
  const sym = { S: "♠", H: "♥", D: "♦", C: "♣" }[card[0]];
  return sym + card.slice(1);
}

function cardSpan(card, extra) {
  const s = el("span", { class: (RED[card[0]] ? "red " : "") + (extra || "") }, pretty(card));
  return s;
}

// --- errors next to their field ------------------------------------------------------

// Errors about the deal or the board belong to the hand record's field; every other
// field (the options' included) has its own box, found by name.
const FIELD_OF = { deal: "file", board: "file" };

function clearErrors() {
  document.querySelectorAll("[data-error-for]").forEach((e) => { e.textContent = ""; });
}

function showError(field, message) {
  const name = FIELD_OF[field] || field || "general";
  const box = [...document.querySelectorAll("[data-error-for]")]
    .find((e) => e.dataset.errorFor === name) || $("general-error");
  box.textContent = message;
}

// --- the facts and options form, built from the server's description of RulingOptions ---

function optionControl(o) {
  const id = `opt-${o.name}`;
  if (o.kind === "switch") {
    const input = el("input", { type: "checkbox", id, "data-option": o.name });
    return input;
  }
  if (o.kind === "choice") {
    const select = el("select", { id, "data-option": o.name });
    select.appendChild(el("option", { value: "" }, o.default ? `(${o.default})` : "(as the file says)"));
    for (const c of o.choices) select.appendChild(el("option", { value: c }, c));
    return select;
  }
  if (o.kind === "list") {
    return el("textarea", { id, "data-option": o.name, rows: "2",
      placeholder: `${o.metavar || "value"}, one a line` });
  }
  const attrs = { id, "data-option": o.name };
  if (o.kind === "integer" || o.kind === "number") {
    attrs.inputmode = o.kind === "integer" ? "numeric" : "decimal";
  }
  const input = el("input", attrs);
  input.placeholder = o.default !== null && o.default !== undefined ? String(o.default)
    : (o.metavar || "");
  return input;
}

function buildOptions(list) {
  state.options = list;
  const box = $("options");
  box.textContent = "";
  for (const o of list) {
    const field = el("div", { class: `field option ${o.kind}` });
    const label = el("label", { for: `opt-${o.name}` }, o.flag.replace(/^--/, "").replace(/-/g, " "));
    const control = optionControl(o);
    if (o.kind === "switch") {
      const line = el("div", { class: "switch-line" });
      line.appendChild(control);
      line.appendChild(label);
      field.appendChild(line);
    } else {
      field.appendChild(label);
      field.appendChild(control);
    }
    field.appendChild(el("p", { class: "help" }, o.help));
    field.appendChild(el("p", { class: "error", "data-error-for": o.name, role: "alert" }));
    control.addEventListener("change", () => { if (state.board) changed(); });
    box.appendChild(field);
  }
  if (state.board) setOptions(state.board.options);
}

function optionValues() {
  const out = {};
  for (const o of state.options) {
    const c = $(`opt-${o.name}`);
    if (o.kind === "switch") { if (c.checked) out[o.name] = true; continue; }
    const v = c.value.trim();
    if (!v) continue;
    out[o.name] = o.kind === "list" ? v.split("\n").map((x) => x.trim()).filter((x) => x) : v;
  }
  return out;
}

function setOptions(values) {
  for (const o of state.options) {
    const c = $(`opt-${o.name}`);
    const v = values[o.name];
    if (o.kind === "switch") c.checked = v === true;
    else if (o.kind === "list") c.value = (v || []).join("\n");
    else c.value = v === undefined || v === null ? "" : String(v);
  }
}

// The lines' weight boxes write LINE=W entries into the weights option: one place holds
// what the Director said.
function setWeight(key, w) {
  const c = $(`opt-${WEIGHTS}`);
  const kept = c.value.split("\n").map((x) => x.trim())
    .filter((x) => x && x.split("=")[0].trim() !== key);
  kept.push(`${key}=${w}`);
  c.value = kept.join("\n");
}

// --- talking to the server ------------------------------------------------------------

async function api(path, body, raw) {
  const init = { method: body === undefined ? "GET" : "POST" };
  if (body !== undefined) {
    init.body = raw ? body : JSON.stringify(body);
    init.headers = { "Content-Type": raw ? "text/plain" : "application/json" };
  }
  const response = await fetch(path, init);
  const type = response.headers.get("Content-Type") || "";
  if (!response.ok) {
    let err = { error: `the server answered ${response.status}`, field: null };
    if (type.includes("json")) err = await response.json();
    const e = new Error(err.error);
    e.field = err.field;
    throw e;
  }
  return response;
}

// --- the hand record ---------------------------------------------------------------------

function loadRecord(data) {
  state.boards = data.boards;
  const select = $("board");
  select.textContent = "";
  data.boards.forEach((b, i) => {
    const label = b.label + (b.contract ? ` — ${b.contract} ${b.declarer}` : "");
    select.appendChild(el("option", { value: String(i) }, label));
  });
  select.disabled = false;
  $("board-note").textContent = data.errors.length
    ? `${data.errors.length} board(s) could not be read: ${data.errors[0].error}` : "";
  selectBoard(0);
}

function selectBoard(i) {
  const b = state.boards[i];
  state.board = b;
  state.rows = { N: [], E: [], S: [], W: [] };
  state.history = [];
  if (b.play) {  // the file's play, card by card in seat order (undo takes the last seat's)
    for (const [seat, row] of Object.entries(b.play)) {
      state.rows[seat] = row.slice();
      row.forEach(() => state.history.push(seat));
    }
  }
  if (b.contract) {
    const m = b.contract.match(/^(\d)(NT|[CDHS])(X*)$/);
    if (m) { $("level").value = m[1]; $("strain").value = m[2]; $("doubled").value = m[3]; }
    $("declarer").value = b.declarer;
  }
  $("result").value = b.result !== null && b.play ? String(b.result) : "";
  setOptions(b.options);
  $("ruling").textContent = "";
  changed();
}

// --- the play -------------------------------------------------------------------------------

function played() {
  const set = new Set();
  SEATS.forEach((s) => state.rows[s].forEach((c) => set.add(c)));
  return set;
}

function renderHands() {
  const box = $("hands");
  box.textContent = "";
  if (!state.board) return;
  const used = played();
  for (const seat of SEATS) {
    const hand = el("div", { class: "hand" + (state.toPlay === seat ? " turn" : ""),
      id: `hand-${seat}` });
    const title = el("h3", {}, NAMES[seat] + (state.toPlay === seat ? " — to play" : ""));
    const unknown = el("button", { type: "button", class: "unknown",
      "data-unknown": seat, "aria-label": `${NAMES[seat]}: a card nobody remembers` }, "?");
    unknown.addEventListener("click", () => tap(seat, "?"));
    title.appendChild(unknown);
    hand.appendChild(title);
    for (const [suit, sym] of SUITS) {
      const line = el("div", { class: "suit" });
      line.appendChild(el("span", { class: "sym" + (RED[suit] ? " red" : "") }, sym));
      for (const card of state.board.hands[seat].filter((c) => c[0] === suit)) {
        const b = el("button", { type: "button", class: "card" + (RED[suit] ? " red" : "")
          + (used.has(card) ? " played" : ""), "data-card": card,
          "aria-label": `${NAMES[seat]} ${pretty(card)}` }, card.slice(1));
        if (used.has(card)) b.disabled = true;
        b.addEventListener("click", () => tap(seat, card));
        line.appendChild(b);
      }
      hand.appendChild(line);
    }
    box.appendChild(hand);
  }
}

function tap(seat, card) {
  if (state.rows[seat].length >= 13) {
    showError("rows", `${NAMES[seat]} has played 13 cards`);
    return;
  }
  state.rows[seat].push(card);
  state.history.push(seat);
  changed();
}

function undo() {
  const seat = state.history.pop();
  if (seat) state.rows[seat].pop();
  changed();
}

function clearPlay() {
  state.rows = { N: [], E: [], S: [], W: [] };
  state.history = [];
  changed();
}

function contractText() {
  return `${$("level").value}${$("strain").value}${$("doubled").value}`;
}

function rowsText() {
  const b = state.board;
  const out = [];
  if (b.number !== null) out.push(`board: ${b.number}`);
  if (b.dealer) out.push(`dealer: ${b.dealer}`);
  if (b.vulnerable) out.push(`vulnerable: ${{ NONE: "None", NS: "NS", EW: "EW", BOTH: "All" }[b.vulnerable]}`);
  out.push(`deal: ${b.deal}`);
  out.push(`contract: ${contractText()}`);
  out.push(`declarer: ${$("declarer").value}`);
  if ($("result").value.trim()) out.push(`result: ${$("result").value.trim()}`);
  for (const s of SEATS) out.push(`${s}: ${state.rows[s].join(" ")}`);
  return out.join("\n") + "\n";
}

function cardsPlayed() {
  return SEATS.reduce((n, s) => n + state.rows[s].length, 0);
}

function renderTricks(data) {
  const body = $("tricks").querySelector("tbody");
  body.textContent = "";
  for (const t of data.tricks) {
    const tr = el("tr");
    tr.appendChild(el("td", {}, t.trick));
    for (const seat of SEATS) {
      const td = el("td");
      const c = t.cards.find((x) => x.seat === seat);
      if (c) {
        td.appendChild(cardSpan(c.card));
        if (c.revoke) { td.classList.add("revoke"); td.title = "revoke"; }
      }
      if (t.leader === seat) td.classList.add("lead");
      if (t.winner === seat) td.classList.add("won");
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}

function changed() {
  clearErrors();
  $("rows-text").textContent = state.board ? rowsText() : "";
  state.toPlay = null;
  renderHands();
  if (!state.board) return;
  const seq = ++state.seq;
  if (cardsPlayed() === 0) {
    $("tricks").querySelector("tbody").textContent = "";
    state.toPlay = null;
    $("turn").textContent = "Tap the cards as they were played (any seat's row, in order).";
  } else {
    api("/api/tricks", { rows: rowsText() }).then((r) => r.json()).then((data) => {
      if (seq !== state.seq) return;
      state.toPlay = data.to_play;
      renderTricks(data);
      renderHands();
      $("turn").textContent = data.to_play ? `${NAMES[data.to_play]} to play.` : "Play complete.";
    }).catch((e) => { if (seq === state.seq) showError(e.field || "rows", e.message); });
  }
  scheduleRule();
}

function ready() {
  const n = cardsPlayed();
  const attention = optionValues().attention || "";
  return n === 52 || (n > 0 && ($("result").value.trim() !== "" || /play/.test(attention)));
}

function scheduleRule() {
  clearTimeout(state.timer);
  if (!ready()) {
    $("status").textContent = state.board ? "The ruling comes when the play is entered "
      + "(all 52 cards, or a claim, or attention drawn during the play)." : "";
    return;
  }
  state.timer = setTimeout(rule, 500);
}

// --- the ruling -----------------------------------------------------------------------------

function request() {
  return { rows: rowsText(), options: optionValues() };
}

async function rule() {
  if (!state.board) return;
  clearTimeout(state.timer);
  if (state.controller) state.controller.abort();
  const seq = ++state.seq;
  const started = performance.now();
  $("status").textContent = "Ruling…";
  $("ruling").classList.add("busy");
  try {
    const data = await (await api("/api/rule", request())).json();
    if (seq !== state.seq) return;
    clearErrors();
    renderRuling(data);
    $("status").textContent = data.note || "";
    $("ruling").dataset.ms = String(Math.round(performance.now() - started));
  } catch (e) {
    if (seq !== state.seq) return;
    showError(e.field || "general", e.message);
    $("status").textContent = "";
  } finally {
    $("ruling").classList.remove("busy");
  }
}

function steps(list, parent) {
  const ol = el("ol");
  for (const s of list) {
    const li = el("li");
    li.appendChild(el("span", { class: "law" }, `Law ${s.law}`));
    li.appendChild(document.createTextNode(s.text));
    ol.appendChild(li);
  }
  parent.appendChild(ol);
}

function signed(n) {
  return n > 0 ? `+${n}` : String(n);
}

function percent(w) {
  return Math.round(w * 1000) / 10;
}

// The name a line's weight goes by (equity rule --weight REVOKE:NAME=W): "table",
// "likely" (the likely lines together), "line1", "outcome1", or the substitution card.
function weightKey(line) {
  return `${line.revoke + 1}:${line.name || line.card}`;
}

// The lines grouped by that name, in their order: one weight box a group (the likely
// lines, or a Director's line played on single dummy, share one weight by frequency).
function lineGroups(lines) {
  const groups = new Map();
  for (const line of lines) {
    const key = weightKey(line);
    if (!groups.has(key)) groups.set(key, { key, lines: [] });
    groups.get(key).lines.push(line);
  }
  return [...groups.values()];
}

function lineTitle(line) {
  const revoke = `Revoke ${line.revoke + 1}, `;
  if (line.kind === "table") {
    return `${revoke}the table line (follows ${percent(line.followed)}% of the record)`;
  }
  if (line.kind === "likely") return `${revoke}the likely lines (single dummy)`;
  if (line.kind === "director") return `${revoke}the Director's ${line.name}`;
  if (line.kind === "outcome") return `${revoke}the Director's ${line.name}`;
  const equal = line.equivalents.length > 1
    ? ` (= ${line.equivalents.map(pretty).join(" ")})` : "";
  return `${revoke}${pretty(line.card)}${equal} instead (double dummy)`;
}

function lineResults(lines) {
  const one = (l) => `${l.declarer_tricks} tricks, N-S ${signed(l.score_ns)}`;
  if (lines.length === 1) return one(lines[0]);
  return lines.map((l) => `${percent(l.frequency)}% ${one(l)}`).join("; ");
}

function departure(d) {
  const where = d.trick ? `Trick ${d.trick}${d.seat ? `, ${NAMES[d.seat]}` : ""}` : "";
  const cards = d.recorded && d.card ? `recorded ${pretty(d.recorded)} → ${pretty(d.card)}` : "";
  const head = [where, cards].filter((x) => x).join(": ");
  return head ? `${head}. ${d.reason}` : d.reason;
}

function lineRow(group) {
  const box = el("div", { class: "line-group" });
  const row = el("div", { class: "line" });
  row.appendChild(el("span", { class: "what" },
    `${lineTitle(group.lines[0])}: ${lineResults(group.lines)}`));
  const input = el("input", { type: "number", min: "0", max: "100", step: "1",
    inputmode: "decimal", "data-weight": group.key, "aria-label": `weight of ${group.key} (%)` });
  input.value = String(percent(group.lines.reduce((sum, l) => sum + l.weight, 0)));
  input.addEventListener("change", () => {
    const w = Number(input.value) / 100;
    if (input.value.trim() === "" || Number.isNaN(w) || w < 0 || w > 1) {
      showError(WEIGHTS, `a weight is 0 to 100%, not ${input.value}`);
      return;
    }
    setWeight(group.key, Math.round(w * 10000) / 10000);
    rule();
  });
  const weight = el("span", { class: "weight" });
  weight.appendChild(input);
  weight.appendChild(el("span", {}, "%"));
  row.appendChild(weight);
  box.appendChild(row);
  // where the line leaves the record and why; the non-offenders' own errors that stand
  for (const line of group.lines) {
    const items = [...(line.departures || []).map(departure),
      ...(line.own_errors || []).map((d) => `Stands (not caused by the revoke): ${departure(d)}`)];
    if (!items.length) continue;
    const ul = el("ul", { class: "departures", "data-departures": group.key });
    for (const text of items) ul.appendChild(el("li", {}, text));
    box.appendChild(ul);
  }
  return box;
}

function renderRuling(data) {
  const box = $("ruling");
  box.textContent = "";
  data.rulings.forEach((r, i) => {
    const div = el("div", { class: "board-ruling" });
    if (r.error) { div.appendChild(el("p", { class: "error" }, r.error)); box.appendChild(div); return; }
    if (data.rulings.length > 1 && r.unknown) {
      div.appendChild(el("h3", {}, `Possibility ${i + 1}: ` + r.unknown.cards
        .map((c) => `${NAMES[c.seat]}'s card ${c.card_number} = ${pretty(c.card)}`).join(", ")));
    }
    const final = r.ruling;
    const score = final ? final.scorer
      : `${r.contract} by ${r.declarer}: ${r.after_transfer_tricks} tricks after transfer`;
    const p = el("p", { class: "score", "data-score": "" }, score);
    div.appendChild(p);
    if (final && final.after_transfer) {
      div.appendChild(el("p", { class: "note" }, `After the Law 64A transfer: ${final.after_transfer.scorer}`));
    }
    div.appendChild(el("p", {}, `Table: ${r.table_tricks} tricks; after transfer: ${r.after_transfer_tricks}.`));
    r.revokes.forEach((v, k) => {
      div.appendChild(el("h4", {}, `Revoke ${k + 1}: trick ${v.trick}, ${NAMES[v.seat]}, ${pretty(v.card)}`));
      steps(v.steps, div);
    });
    if (r.lines && r.lines.length) {
      div.appendChild(el("h4", {}, "Law 64C lines: tricks, N-S score, weight"));
      for (const group of lineGroups(r.lines)) div.appendChild(lineRow(group));
    }
    if (final && final.sensitivity) {
      // the server's sentence: how far the table line's weight may move before the
      // decision changes (the other lines keeping their proportions)
      div.appendChild(el("p", { class: "note", "data-sensitivity": "" },
        `Sensitivity: ${final.sensitivity}`));
    }
    for (const c of (final && final.checks) || []) {
      div.appendChild(el("p", { class: "equity", "data-equity": String(c.revoke + 1) },
        `Revoke ${c.revoke + 1}, Law ${c.law}: equity ${Number(c.equity_tricks).toFixed(2)} tricks for declarer`));
    }
    if (final && final.steps) {
      div.appendChild(el("h4", {}, "Decision"));
      steps(final.steps, div);
    }
    for (const n of r.notes || []) div.appendChild(el("p", { class: "note" }, n));
    box.appendChild(div);
  });
}

async function download(path, name) {
  clearErrors();
  try {
    const blob = await (await api(path, request())).blob();
    const a = el("a", { href: URL.createObjectURL(blob), download: name });
    document.body.appendChild(a);
    a.click();
    a.remove();
  } catch (e) {
    showError(e.field || "general", e.message);
  }
}

// --- wiring ---------------------------------------------------------------------------------

$("file").addEventListener("change", async () => {
  clearErrors();
  const f = $("file").files[0];
  if (!f) return;
  const fmt = f.name.toLowerCase().endsWith(".lin") ? "lin" : "pbn";
  try {
    const data = await (await api(`/api/handrecord?format=${fmt}`, f, true)).json();
    loadRecord(data);
  } catch (e) { showError(e.field || "file", e.message); }
});
$("example").addEventListener("click", async () => {
  clearErrors();
  try { loadRecord(await (await api("/api/example")).json()); }
  catch (e) { showError("file", e.message); }
});
$("board").addEventListener("change", () => selectBoard(Number($("board").value)));
for (const id of ["level", "strain", "doubled", "declarer", "result"]) {
  $(id).addEventListener("change", () => { if (state.board) changed(); });
}
$("undo").addEventListener("click", undo);
$("clear").addEventListener("click", clearPlay);
$("rule").addEventListener("click", rule);
$("mode-tricks").addEventListener("click", () => setMode("tricks"));
$("mode-rows").addEventListener("click", () => setMode("rows"));
$("download-report").addEventListener("click", () => download("/api/report", "ruling.html"));
$("download-pdf").addEventListener("click", () => download("/api/report?format=pdf", "ruling.pdf"));
$("download-pbn").addEventListener("click", () => download("/api/pbn", "case.pbn"));

function setMode(mode) {
  state.mode = mode;
  $("mode-tricks").classList.toggle("on", mode === "tricks");
  $("mode-rows").classList.toggle("on", mode === "rows");
  $("tricks-view").hidden = mode !== "tricks";
  $("rows-view").hidden = mode !== "rows";
}

api("/api/options").then((r) => r.json()).then((d) => buildOptions(d.options))
  .catch((e) => showError("options", e.message));
